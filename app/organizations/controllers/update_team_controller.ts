import type { HttpContext } from '@adonisjs/core/http'
import TeamController from '#organizations/controllers/team_controller'
import { updateTeamValidator } from '#organizations/validators/team_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/teams/{teamId} — renames a team (admins and the team's owners).
 */
export default class UpdateTeamController extends TeamController {
  async handle(ctx: HttpContext) {
    const { user, access, team } = await this.authorizedTeam(ctx, 'manage')
    const { request } = ctx
    const { title } = await request.validateBody(updateTeamValidator)
    return serializeTeam(await this.teams.rename(user, team, title), access, user)
  }
}
