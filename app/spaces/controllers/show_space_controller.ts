import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceReadService from '#spaces/services/space_read_service'
import { sendJson } from '#core/http/responses'
import { showSpaceQueryValidator } from '#spaces/validators/space_validators'

/**
 * GET /v1/spaces/{spaceId}. `shareKey` resolves published URLs of share-link sites; without sites
 * there are none, so it is validated and changes nothing.
 */
@inject()
export default class ShowSpaceController {
  constructor(private spaces: SpaceReadService) {}

  async handle({ auth, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    await request.validateQuery(showSpaceQueryValidator)
    sendJson(response, await this.spaces.show(user, params.spaceId))
  }
}
