import type { HttpContext } from '@adonisjs/core/http'
import TeamController from '#organizations/controllers/team_controller'

/**
 * DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}.
 */
export default class RemoveTeamMemberController extends TeamController {
  async handle(ctx: HttpContext) {
    const { team } = await this.authorizedTeam(ctx, 'manage')
    const { params, response } = ctx
    await this.teams.removeMember(team, params.userId)
    response.noContent()
  }
}
