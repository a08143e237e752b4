import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { pageEnvelope } from '#core/http/pagination'
import TeamService from '#organizations/services/team_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listTeamsQueryValidator } from '#organizations/validators/team_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/teams.
 */
export default class ListTeamsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, teams: TeamService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'readTeams')
    const query = await ctx.request.validateQuery(listTeamsQueryValidator)
    const page = await teams.list(user, access, query)
    return pageEnvelope(
      page.items.map((team) => serializeTeam(team, access, user)),
      page
    )
  }
}
