import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import { presentSpaces } from '#spaces/serializers/space_serializer'

/**
 * GET /v1/collections/{collectionId}/spaces — the spaces directly in the collection.
 */
@inject()
export default class ListCollectionSpacesController {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService
  ) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { collection, organizationRole } = await this.access.collectionFor(
      user.id,
      params.collectionId
    )
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.spaces.listInCollection(
      user,
      collection.organizationId,
      organizationRole,
      collection.id,
      query
    )
    return pageEnvelope(await presentSpaces(page.items, user), page)
  }
}
