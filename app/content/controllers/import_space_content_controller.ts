import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import ImportService from '#content/import/import_service'
import AuthoringService from '#content/services/authoring_service'
import ImportController from '#content/controllers/import_controller'

export { authorizeImport } from '#content/controllers/import_controller'

/**
 * POST /v1/spaces/{spaceId}/content/import — editors of a live space. Crawls the website, then
 * applies the batch to the space's main content as one `edits` revision; answers 201
 * `{revision, importedResources, totalResources}` and what was left out (see ImportController).
 */
@inject()
export default class ImportSpaceContentController extends ImportController {
  constructor(
    access: SpaceAccessService,
    imports: ImportService,
    private authoring: AuthoringService
  ) {
    super(access, imports)
  }

  async handle(ctx: HttpContext) {
    const { user, access } = await this.importableSpace(ctx)
    const plan = await this.crawl(ctx, access)
    try {
      const { revision } = await this.authoring.applyToSpace(user, access, plan.changes, {
        type: 'edits',
        renameCollidingSlugs: true,
        splitSections: plan.splitSections,
      })
      return this.imported(ctx, revision.id, plan)
    } finally {
      await plan.done()
    }
  }
}
