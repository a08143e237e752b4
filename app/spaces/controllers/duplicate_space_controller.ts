import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import SpaceController from '#spaces/controllers/space_controller'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/duplicate — 201; needs `create` where the copy goes (the same parent).
 */
export default class DuplicateSpaceController extends SpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.callerSpace(ctx)
    created(ctx.response, await presentSpace(await this.spaces.duplicate(user, access), user))
  }
}
