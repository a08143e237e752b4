import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import ImportService from '#content/import/import_service'
import { AuthoringPort } from '#content/import/authoring_port'
import { importContentValidator } from '#content/validators/import_validator'
import { authorizeImport } from '#content/controllers/import_space_content_controller'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import — editors of a live
 * space. The authoring service resolves the change request (id or number; 404 when unknown, refusal
 * when merged or archived) and applies the batch to it; answers 201
 * `{revision, importedResources, totalResources}`.
 */
@inject()
export default class ImportChangeRequestContentController {
  constructor(
    private access: SpaceAccessService,
    private imports: ImportService,
    private authoring: AuthoringPort
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await authorizeImport(bouncer, access)
    const { url } = await request.validateUsing(importContentValidator)
    const plan = await this.imports.crawlAndPlan(url)
    const { revisionId } = await this.authoring.applyToChangeRequest(
      user,
      access.space.id,
      params.changeRequestId,
      plan.changes
    )
    response.status(201)
    return { revision: revisionId, importedResources: plan.importedResources, totalResources: plan.totalResources }
  }
}
