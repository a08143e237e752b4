import type { HttpContext } from '@adonisjs/core/http'
import SpaceController from '#spaces/controllers/space_controller'
import { transferSpaceValidator } from '#spaces/validators/space_validators'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/transfer — admins of both organizations.
 */
export default class TransferSpaceController extends SpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedSpace(ctx, 'transfer')
    const { request } = ctx
    const input = await request.validateBody(transferSpaceValidator, { nullable: [] })
    return presentSpace(await this.spaces.transfer(user, access, input), user)
  }
}
