import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urls } from '#core/http/urls'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { createTeamValidator } from '#organizations/validators/team_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * PUT /v1/orgs/{organizationId}/teams — creates a team (admins only).
 */
@inject()
export default class CreateTeamController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(TeamPolicy).authorize('create', access)
    const input = await request.validateUsing(createTeamValidator, { data: request.body() })
    const team = await this.teams.create(user, access, input)
    response.header('Location', urls.api(`/orgs/${access.organization.id}/teams/${team.id}`))
    response.status(201)
    return serializeTeam(team, access, user)
  }
}
