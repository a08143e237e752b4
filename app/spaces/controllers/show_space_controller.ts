import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import { showSpaceQueryValidator } from '#spaces/validators/space_validators'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * GET /v1/spaces/{spaceId}. `shareKey` resolves published URLs of share-link sites; without sites
 * there are none, so it is validated and changes nothing.
 */
@inject()
export default class ShowSpaceController {
  constructor(private access: SpaceAccessService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    await request.validateQuery(showSpaceQueryValidator)
    return presentSpace(await this.access.spaceFor(user.id, params.spaceId), user)
  }
}
