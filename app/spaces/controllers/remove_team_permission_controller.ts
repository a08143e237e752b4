import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import GrantService from '#spaces/services/grant_service'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * DELETE .../permissions/teams/{teamId} — 205 when removed, 204 when the team had no grant there.
 */
@inject()
export default class RemoveTeamPermissionController {
  constructor(private grants: GrantService) {}

  async handle(ctx: HttpContext) {
    const target = await grantTarget(ctx, 'manage')
    const removed = await this.grants.remove(target, 'team_id', ctx.params.teamId)
    removed ? ctx.response.resetContent() : ctx.response.noContent()
  }
}
