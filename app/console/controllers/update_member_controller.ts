import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import ConsoleMemberController from '#console/controllers/console_member_controller'
import { updateMemberValidator } from '#organizations/validators/member_validators'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/orgs/:organizationId/members/:userId: changes a member's role (admins; demoting
 * the last admin is refused with the service's reason).
 */
export default class UpdateMemberController extends ConsoleMemberController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manageMembers')
    const { role } = await formInput(ctx, updateMemberValidator, ['role'])
    const member = await this.members.updateRole(access, ctx.params.userId, role, auditActor(user))
    return noticeBack(ctx, `${member.user.displayName} is now ${member.role ?? 'a guest'}.`)
  }
}
