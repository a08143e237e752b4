import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * GET /v1/orgs/{organizationId}/members/{userId}.
 */
export default class ShowMemberController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, members: MemberService) {
    const { userId } = ctx.params
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'readMember', userId)
    return serializeMember(await members.find(access.organization.id, userId))
  }
}
