import type { HttpContext } from '@adonisjs/core/http'
import CollectionController from '#spaces/controllers/collection_controller'
import { moveInput } from '#spaces/validators/move_input'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * POST /v1/collections/{collectionId}/move — admins of the collection, with `create` at the
 * destination.
 */
export default class MoveCollectionController extends CollectionController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedCollection(ctx, 'manage')
    const { request } = ctx
    const input = await moveInput(request)
    return serializeCollection(await this.collections.move(user, access, input), user)
  }
}
