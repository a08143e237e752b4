import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { serializeTeamMember } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/teams/{teamId}/members.
 */
@inject()
export default class ListTeamMembersController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize('read', access, team)
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.teams.listMembers(team, query)
    return listEnvelope(
      page.items.map(({ member, role }) => serializeTeamMember(member, role, access, user)),
      page.count,
      page.next
    )
  }
}
