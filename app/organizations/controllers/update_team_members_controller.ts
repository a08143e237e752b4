import type { HttpContext } from '@adonisjs/core/http'
import TeamController from '#organizations/controllers/team_controller'
import { updateTeamMembersValidator } from '#organizations/validators/team_validators'

/**
 * PUT /v1/orgs/{organizationId}/teams/{teamId}/members — adds, removes and sets team roles in one
 * atomic change (admins and the team's owners).
 */
export default class UpdateTeamMembersController extends TeamController {
  async handle(ctx: HttpContext) {
    const { team } = await this.authorizedTeam(ctx, 'manage')
    const { request, response } = ctx
    const update = await request.validateBody(updateTeamMembersValidator)
    await this.teams.updateMembers(team, update)
    response.noContent()
  }
}
