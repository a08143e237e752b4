import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { updateTeamMembersValidator } from '#organizations/validators/team_validators'

/**
 * PUT /v1/orgs/{organizationId}/teams/{teamId}/members — adds, removes and sets team roles in one
 * atomic change (admins and the team's owners).
 */
@inject()
export default class UpdateTeamMembersController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize('manage', access, team)
    const update = await request.validateUsing(updateTeamMembersValidator, { data: request.body() })
    await this.teams.updateMembers(team, update)
    response.noContent()
  }
}
