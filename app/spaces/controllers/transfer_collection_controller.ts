import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'
import { transferCollectionValidator } from '#spaces/validators/space_validators'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * POST /v1/collections/{collectionId}/transfer — admins of both organizations; the whole subtree
 * moves.
 */
@inject()
export default class TransferCollectionController {
  constructor(
    private access: SpaceAccessService,
    private collections: CollectionService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('transfer', access)
    const input = await request.validateUsing(transferCollectionValidator, {
      data: rejectNullFields(request.body(), []),
    })
    return serializeCollection(
      await this.collections.transfer(user, access, input.organization),
      user
    )
  }
}
