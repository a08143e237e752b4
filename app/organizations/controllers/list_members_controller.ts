import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { pageEnvelope } from '#core/http/pagination'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listMembersQueryValidator } from '#organizations/validators/member_validators'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * GET /v1/orgs/{organizationId}/members — the roster, for members who are not guests.
 */
export default class ListMembersController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, members: MemberService) {
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'readMembers')
    const query = await ctx.request.validateQuery(listMembersQueryValidator)
    const page = await members.list(access.organization.id, query)
    return pageEnvelope(page.items.map(serializeMember), page)
  }
}
