import type { HttpContext } from '@adonisjs/core/http'
import TeamController from '#organizations/controllers/team_controller'
import { setTeamMemberValidator } from '#organizations/validators/team_validators'

/**
 * PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId} — adds a member to the team or
 * changes their team role.
 */
export default class SetTeamMemberController extends TeamController {
  async handle(ctx: HttpContext) {
    const { team } = await this.authorizedTeam(ctx, 'manage')
    const { params, request, response } = ctx
    const { role } = await request.validateBody(setTeamMemberValidator)
    await this.teams.setMember(team, params.userId, role)
    response.noContent()
  }
}
