import type { HttpContext } from '@adonisjs/core/http'
import CollectionController from '#spaces/controllers/collection_controller'
import { transferCollectionValidator } from '#spaces/validators/space_validators'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * POST /v1/collections/{collectionId}/transfer — admins of both organizations; the whole subtree
 * moves.
 */
export default class TransferCollectionController extends CollectionController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedCollection(ctx, 'transfer')
    const { request } = ctx
    const input = await request.validateBody(transferCollectionValidator, { nullable: [] })
    return serializeCollection(
      await this.collections.transfer(user, access, input.organization),
      user
    )
  }
}
