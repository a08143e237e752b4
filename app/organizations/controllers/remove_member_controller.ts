import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import OrganizationController from '#organizations/controllers/organization_controller'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'

/**
 * DELETE /v1/orgs/{organizationId}/members/{userId} — admins remove members (their console
 * sessions end); anyone may leave.
 */
export default class RemoveMemberController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, members: MemberService) {
    const { userId } = ctx.params
    const { user, access } = await this.authorizedAccess(
      ctx,
      OrganizationPolicy,
      'removeMember',
      userId
    )
    await members.remove(access, userId, auditActor(user))
    ctx.response.noContent()
  }
}
