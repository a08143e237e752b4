import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GrantService from '#spaces/services/grant_service'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * DELETE .../permissions/users/{userId} — 205 when removed, 204 when the user had no grant there.
 */
@inject()
export default class RemoveUserPermissionController {
  constructor(private grants: GrantService) {}

  async handle(ctx: HttpContext) {
    const target = await grantTarget(ctx, 'manage')
    const removed = await this.grants.remove(target, 'user_id', ctx.params.userId)
    removed ? ctx.response.resetContent() : ctx.response.noContent()
  }
}
