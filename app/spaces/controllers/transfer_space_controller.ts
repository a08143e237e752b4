import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpaceService from '#spaces/services/space_service'
import SpacePolicy from '#spaces/policies/space_policy'
import { transferSpaceValidator } from '#spaces/validators/space_validators'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/spaces/{spaceId}/transfer — admins of both organizations.
 */
@inject()
export default class TransferSpaceController {
  constructor(
    private access: SpaceAccessService,
    private spaces: SpaceService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.access.spaceFor(user.id, params.spaceId)
    await bouncer.with(SpacePolicy).authorize('transfer', access)
    const input = await request.validateUsing(transferSpaceValidator, {
      data: rejectNullFields(request.body(), []),
    })
    return presentSpace(await this.spaces.transfer(user, access, input), user)
  }
}
