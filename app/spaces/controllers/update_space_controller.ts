import type { HttpContext } from '@adonisjs/core/http'
import SpaceController from '#spaces/controllers/space_controller'
import {
  NULLABLE_SPACE_FIELDS,
  UNSUPPORTED_UPDATE_SPACE_FIELDS,
  updateSpaceValidator,
} from '#spaces/validators/space_validators'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * PATCH /v1/spaces/{spaceId} — admins of the space.
 */
export default class UpdateSpaceController extends SpaceController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedSpace(ctx, 'manage')
    const { request } = ctx
    const input = await request.validateBody(updateSpaceValidator, {
      nullable: [...NULLABLE_SPACE_FIELDS, 'icon'],
      unsupported: UNSUPPORTED_UPDATE_SPACE_FIELDS,
    })
    return presentSpace(await this.spaces.update(user, access, input), user)
  }
}
