import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import OrganizationController from '#organizations/controllers/organization_controller'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { updateMemberValidator } from '#organizations/validators/member_validators'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/members/{userId} — changes a member's role (admins only).
 */
export default class UpdateMemberController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, members: MemberService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    const { role } = await ctx.request.validateBody(updateMemberValidator)
    return serializeMember(
      await members.updateRole(access, ctx.params.userId, role, auditActor(user))
    )
  }
}
