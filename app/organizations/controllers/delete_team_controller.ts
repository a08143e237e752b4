import type { HttpContext } from '@adonisjs/core/http'
import TeamController from '#organizations/controllers/team_controller'

/**
 * DELETE /v1/orgs/{organizationId}/teams/{teamId} — organization admins and the team's owners.
 */
export default class DeleteTeamController extends TeamController {
  async handle(ctx: HttpContext) {
    const { team } = await this.authorizedTeam(ctx, 'manage')
    const { response } = ctx
    await this.teams.delete(team)
    response.noContent()
  }
}
