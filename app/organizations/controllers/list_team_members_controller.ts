import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import TeamController from '#organizations/controllers/team_controller'
import { serializeTeamMember } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/teams/{teamId}/members.
 */
export default class ListTeamMembersController extends TeamController {
  async handle(ctx: HttpContext) {
    const { user, access, team } = await this.authorizedTeam(ctx, 'read')
    const { request } = ctx
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.teams.listMembers(team, query)
    return listEnvelope(
      page.items.map(({ member, role }) => serializeTeamMember(member, role, access, user)),
      page.count,
      page.next
    )
  }
}
