import type { HttpContext } from '@adonisjs/core/http'
import CollectionController from '#spaces/controllers/collection_controller'

/**
 * DELETE /v1/collections/{collectionId} — 205; 409 while it holds spaces or collections.
 */
export default class DeleteCollectionController extends CollectionController {
  async handle(ctx: HttpContext) {
    const { access } = await this.authorizedCollection(ctx, 'manage')
    const { response } = ctx
    await this.collections.delete(access)
    response.resetContent()
  }
}
