import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * GET /v1/collections/{collectionId}.
 */
@inject()
export default class ShowCollectionController {
  constructor(private access: SpaceAccessService) {}

  async handle({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    return serializeCollection(await this.access.collectionFor(user.id, params.collectionId), user)
  }
}
