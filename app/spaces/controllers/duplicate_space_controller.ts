import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/duplicate — 201; needs `create` where the copy goes (the same parent).
 */
@inject()
export default class DuplicateSpaceController {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService
  ) {}

  async handle({ auth, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    created(response, await presentSpace(await this.spaces.duplicate(user, access), user))
  }
}
