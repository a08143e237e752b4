import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { refuseUnsupportedFields, rejectNullFields } from '#core/http/validation'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import SpacePolicy from '#spaces/policies/space_policy'
import {
  NULLABLE_SPACE_FIELDS,
  UNSUPPORTED_UPDATE_SPACE_FIELDS,
  updateSpaceValidator,
} from '#spaces/validators/space_validators'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * PATCH /v1/spaces/{spaceId} — admins of the space.
 */
@inject()
export default class UpdateSpaceController {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await bouncer.with(SpacePolicy).authorize('manage', access)
    const input = await request.validateUsing(updateSpaceValidator, {
      data: refuseUnsupportedFields(
        rejectNullFields(request.body(), [...NULLABLE_SPACE_FIELDS, 'icon']),
        UNSUPPORTED_UPDATE_SPACE_FIELDS
      ),
    })
    return presentSpace(await this.spaces.update(user, access, input), user)
  }
}
