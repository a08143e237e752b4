import type { HttpContext } from '@adonisjs/core/http'
import SpaceController from '#spaces/controllers/space_controller'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/restore — admins of the deleted space, within 7 days of its deletion.
 */
export default class RestoreSpaceController extends SpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedSpace(ctx, 'manage', { deleted: true })
    return presentSpace(await this.spaces.restore(user, access), user)
  }
}
