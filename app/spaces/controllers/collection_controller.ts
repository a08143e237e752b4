import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'

/**
 * What the endpoints that change one collection open with: the caller, their access to the
 * collection `{collectionId}` (404 for one they cannot see), and the collection policy's ability.
 */
@inject()
export default abstract class CollectionController {
  constructor(
    protected access: SpaceAccessService,
    protected collections: CollectionService
  ) {}

  protected async authorizedCollection(
    { auth, bouncer, params }: HttpContext,
    ability: 'manage' | 'transfer'
  ) {
    const user = auth.getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize(ability, access)
    return { user, access }
  }
}
