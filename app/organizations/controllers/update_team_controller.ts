import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { updateTeamValidator } from '#organizations/validators/team_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/teams/{teamId} — renames a team (admins and the team's owners).
 */
@inject()
export default class UpdateTeamController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize('manage', access, team)
    const { title } = await request.validateUsing(updateTeamValidator, { data: request.body() })
    return serializeTeam(await this.teams.rename(user, team, title), access, user)
  }
}
