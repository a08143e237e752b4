import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'
import { moveInput } from '#spaces/validators/move_input'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * POST /v1/collections/{collectionId}/move — admins of the collection, with `create` at the
 * destination.
 */
@inject()
export default class MoveCollectionController {
  constructor(
    private access: SpaceAccessService,
    private collections: CollectionService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('manage', access)
    const input = await moveInput(request)
    return serializeCollection(await this.collections.move(user, access, input), user)
  }
}
