import type { HttpContext } from '@adonisjs/core/http'
import CollectionController from '#spaces/controllers/collection_controller'
import {
  NULLABLE_COLLECTION_FIELDS,
  updateCollectionValidator,
} from '#spaces/validators/space_validators'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * PATCH /v1/collections/{collectionId} — admins of the collection.
 */
export default class UpdateCollectionController extends CollectionController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedCollection(ctx, 'manage')
    const { request } = ctx
    const input = await request.validateBody(updateCollectionValidator, {
      nullable: NULLABLE_COLLECTION_FIELDS,
    })
    return serializeCollection(await this.collections.update(user, access, input), user)
  }
}
