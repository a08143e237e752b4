import type { HttpContext } from '@adonisjs/core/http'
import SpaceController from '#spaces/controllers/space_controller'
import { moveInput } from '#spaces/validators/move_input'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/move — admins of the space, with `create` at the destination.
 */
export default class MoveSpaceController extends SpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedSpace(ctx, 'manage')
    const { request } = ctx
    const input = await moveInput(request)
    return presentSpace(await this.spaces.move(user, access, input), user)
  }
}
