import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { pageEnvelope } from '#core/http/pagination'
import MemberService from '#organizations/services/member_service'
import TeamService from '#organizations/services/team_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listMemberTeamsQueryValidator } from '#organizations/validators/member_validators'
import { serializeTeam } from '#organizations/serializers/team_serializer'

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/teams — a member's teams with their team role.
 */
export default class ListMemberTeamsController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, members: MemberService, teams: TeamService) {
    const { userId } = ctx.params
    const { user, access } = await this.authorizedAccess(
      ctx,
      OrganizationPolicy,
      'readMember',
      userId
    )
    const query = await ctx.request.validateQuery(listMemberTeamsQueryValidator)
    const member = await members.find(access.organization.id, userId)
    const page = await teams.listForMember(user, access.organization.id, member.userId, query)
    const items = page.items.map(({ team, role }) => ({
      team: serializeTeam(team, access, user),
      member: { role },
    }))
    return pageEnvelope(items, page)
  }
}
