import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'
import {
  NULLABLE_COLLECTION_FIELDS,
  updateCollectionValidator,
} from '#spaces/validators/space_validators'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * PATCH /v1/collections/{collectionId} — admins of the collection.
 */
@inject()
export default class UpdateCollectionController {
  constructor(
    private access: SpaceAccessService,
    private collections: CollectionService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('manage', access)
    const input = await request.validateUsing(updateCollectionValidator, {
      data: rejectNullFields(request.body(), NULLABLE_COLLECTION_FIELDS),
    })
    return serializeCollection(await this.collections.update(user, access, input), user)
  }
}
