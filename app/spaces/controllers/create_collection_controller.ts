import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
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
    const input = await request.validateUsing(createCollectionValidator, {
      data: rejectNullFields(request.body(), []),
    })
    const collection = serializeCollection(
      await this.collections.create(user, params.organizationId, input),
      user
    )
    response.status(201).header('Location', collection.urls.location)
    return collection
  }
}
