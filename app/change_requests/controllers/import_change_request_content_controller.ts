import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import SpaceAccessService from '#spaces/services/space_access_service'
import ImportService from '#content/import/import_service'
import ImportController from '#content/controllers/import_controller'
import ChangeRequestAuthoringService from '#change_requests/services/change_request_authoring_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import — editors of a live
 * space. The change request (id or number) must exist and be open to edits before the crawl starts; answers 201
 * `{revision, importedResources, totalResources}`.
 */
@inject()
export default class ImportChangeRequestContentController extends ImportController {
  constructor(
    access: SpaceAccessService,
    imports: ImportService,
    private authoring: ChangeRequestAuthoringService,
    private changeRequests: ChangeRequestService
  ) {
    super(access, imports)
  }

  async handle(ctx: HttpContext) {
    const { user, access } = await this.importableSpace(ctx)
    // Known and still open before the crawl, so a bad id costs no crawl.
    const changeRequest = await this.changeRequests.find(
      db.connection(),
      access.space.id,
      ctx.params.changeRequestId
    )
    await ctx.bouncer.with(ChangeRequestPolicy).authorize('author', access, changeRequest)
    const plan = await this.crawl(ctx, access)
    try {
      const { revision } = await this.authoring.apply(user, access, changeRequest, plan.changes, {
        renameCollidingSlugs: true,
      })
      return this.imported(ctx, revision.id, plan)
    } finally {
      await plan.done()
    }
  }
}
