import type { HttpContext } from '@adonisjs/core/http'
import TeamController from '#organizations/controllers/team_controller'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/teams/{teamId}.
 */
export default class ShowTeamController extends TeamController {
  async handle(ctx: HttpContext) {
    const { user, access, team } = await this.authorizedTeam(ctx, 'read')
    return serializeTeam(team, access, user)
  }
}
