import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import SpaceService from '#spaces/services/space_service'
import { memberSpacesQueryValidator } from '#spaces/validators/space_validators'
import { presentSpaces } from '#spaces/serializers/space_serializer'

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/spaces — the spaces a member can access, with
 * their effective role (`permission`).
 */
@inject()
export default class ListMemberSpacesController {
  constructor(private spaces: SpaceService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(memberSpacesQueryValidator)
    const page = await this.spaces.listForMember(user, params.organizationId, params.userId, query)
    const spaces = await presentSpaces(
      page.items.map((item) => item.access),
      user
    )
    return listEnvelope(
      page.items.map((item, i) => ({ permission: item.permission, space: spaces[i] })),
      page.count,
      page.next
    )
  }
}
