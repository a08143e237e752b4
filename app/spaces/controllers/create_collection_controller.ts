import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import CollectionService from '#spaces/services/collection_service'
import { createCollectionValidator } from '#spaces/validators/space_validators'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * POST /v1/orgs/{organizationId}/collections — `create` role or above where it goes.
 */
@inject()
export default class CreateCollectionController {
  constructor(private collections: CollectionService) {}

  async handle({ auth, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await request.validateBody(createCollectionValidator, { nullable: [] })
    const collection = await this.collections.create(user, params.organizationId, input)
    created(response, serializeCollection(collection, user))
  }
}
