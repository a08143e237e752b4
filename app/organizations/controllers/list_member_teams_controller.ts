import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import TeamService from '#organizations/services/team_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listMemberTeamsQueryValidator } from '#organizations/validators/member_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/teams — a member's teams with their team role.
 */
@inject()
export default class ListMemberTeamsController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService,
    private teams: TeamService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('readMember', access, params.userId)
    const query = await request.validateQuery(listMemberTeamsQueryValidator)
    const member = await this.members.find(access.organization.id, params.userId)
    const page = await this.teams.listForMember(user, access.organization.id, member.userId, query)
    return listEnvelope(
      page.items.map(({ team, role }) => ({
        team: serializeTeam(team, access, user),
        member: { role },
      })),
      page.count,
      page.next
    )
  }
}
