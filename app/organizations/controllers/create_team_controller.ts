import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { urls } from '#core/http/urls'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { createTeamValidator } from '#organizations/validators/team_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * PUT /v1/orgs/{organizationId}/teams — creates a team (admins only).
 */
export default class CreateTeamController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, teams: TeamService) {
    const { user, access } = await this.authorizedAccess(ctx, TeamPolicy, 'create')
    const team = await teams.create(
      user,
      access,
      await ctx.request.validateBody(createTeamValidator)
    )
    ctx.response
      .header('Location', urls.api(`/orgs/${access.organization.id}/teams/${team.id}`))
      .created(serializeTeam(team, access, user))
  }
}
