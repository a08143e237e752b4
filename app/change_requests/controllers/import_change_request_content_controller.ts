import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import SpaceAccessService from '#spaces/services/space_access_service'
import ImportService from '#content/import/import_service'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import { importContentValidator } from '#content/validators/import_validator'
import { authorizeImport } from '#content/controllers/import_space_content_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import — editors of a live
 * space. The change request (id or number) must exist and be open to edits before the crawl starts; answers 201
 * `{revision, importedResources, totalResources}`.
 */
@inject()
export default class ImportChangeRequestContentController {
  constructor(
    private access: SpaceAccessService,
    private imports: ImportService,
    private authoring: ChangeRequestAuthoringService,
    private changeRequests: ChangeRequestService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await authorizeImport(bouncer, access)
    // Known and still open before the crawl, so a bad id costs no crawl.
    const changeRequest = await this.changeRequests.find(
      db.connection(),
      access.space.id,
      params.changeRequestId
    )
    await bouncer.with(ChangeRequestPolicy).authorize('author', access, changeRequest)
    const { url } = await request.validateUsing(importContentValidator)
    const plan = await this.imports.crawlAndPlan(url)
    const { revision } = await this.authoring.apply(user, access, changeRequest, plan.changes, {
      renameCollidingSlugs: true,
    })
    response.status(201)
    return {
      revision: revision.id,
      importedResources: plan.importedResources,
      totalResources: plan.totalResources,
    }
  }
}
