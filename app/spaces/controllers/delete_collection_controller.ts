import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'

/**
 * DELETE /v1/collections/{collectionId} — 205; 409 while it holds spaces or collections.
 */
@inject()
export default class DeleteCollectionController {
  constructor(
    private access: SpaceAccessService,
    private collections: CollectionService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('manage', access)
    await this.collections.delete(access)
    response.resetContent()
  }
}
