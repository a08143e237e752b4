import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/restore — admins of the space, within 7 days of its deletion.
 */
@inject()
export default class RestoreSpaceController {
  constructor(private spaces: SpaceService) {}

  async handle({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    return presentSpace(await this.spaces.restore(user, params.spaceId), user)
  }
}
