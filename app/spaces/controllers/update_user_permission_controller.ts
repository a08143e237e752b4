import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GrantService from '#spaces/services/grant_service'
import { grantRoleValidator } from '#spaces/validators/space_validators'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * PATCH .../permissions/users/{userId} — 204; role null removes the grant.
 */
@inject()
export default class UpdateUserPermissionController {
  constructor(private grants: GrantService) {}

  async handle(ctx: HttpContext) {
    const target = await grantTarget(ctx, 'manage')
    const { role } = await ctx.request.validateUsing(grantRoleValidator)
    await this.grants.setUser(target, ctx.params.userId, role)
    ctx.response.noContent()
  }
}
