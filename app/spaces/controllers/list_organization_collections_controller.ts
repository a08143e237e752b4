import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import CollectionService from '#spaces/services/collection_service'
import { listCollectionsQueryValidator } from '#spaces/validators/space_validators'
import { serializeCollection } from '#spaces/serializers/collection_serializer'

/**
 * GET /v1/orgs/{organizationId}/collections — `nested` (default true) includes nested collections.
 */
@inject()
export default class ListOrganizationCollectionsController {
  constructor(private collections: CollectionService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(listCollectionsQueryValidator)
    const page = await this.collections.listInOrganization(user, params.organizationId, query)
    return listEnvelope(
      page.items.map((access) => serializeCollection(access, user)),
      page.count,
      page.next
    )
  }
}
