import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listTeamsQueryValidator } from '#organizations/validators/team_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/teams.
 */
@inject()
export default class ListTeamsController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('readTeams', access)
    const query = await request.validateQuery(listTeamsQueryValidator)
    const page = await this.teams.list(user, access, query)
    return listEnvelope(
      page.items.map((team) => serializeTeam(team, access, user)),
      page.count,
      page.next
    )
  }
}
