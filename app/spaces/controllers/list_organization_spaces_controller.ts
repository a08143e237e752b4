import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import SpaceService from '#spaces/services/space_service'
import { presentSpaces } from '#spaces/serializers/space_serializer'

/**
 * GET /v1/orgs/{organizationId}/spaces — the spaces the caller can see.
 */
@inject()
export default class ListOrganizationSpacesController {
  constructor(private spaces: SpaceService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.spaces.listInOrganization(user, params.organizationId, query)
    return listEnvelope(await presentSpaces(page.items, user), page.count, page.next)
  }
}
