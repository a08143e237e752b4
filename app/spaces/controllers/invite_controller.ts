import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GrantService from '#spaces/services/grant_service'
import { inviteValidator } from '#spaces/validators/space_validators'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * POST /v1/spaces/{spaceId}/permissions and /v1/collections/{collectionId}/permissions — 204.
 */
@inject()
export default class InviteController {
  constructor(private grants: GrantService) {}

  async handle(ctx: HttpContext) {
    const target = await grantTarget(ctx, 'manage')
    const input = await ctx.request.validateUsing(inviteValidator)
    await this.grants.invite(target, input)
    ctx.response.noContent()
  }
}
