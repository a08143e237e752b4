import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import MemberService from '#organizations/services/member_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { updateMemberValidator } from '#organizations/validators/member_validators'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/orgs/:organizationId/members/:userId: changes a member's role (admins; demoting
 * the last admin is refused with the service's reason).
 */
@inject()
export default class UpdateMemberController {
  constructor(
    private console: ConsoleAccessService,
    private members: MemberService
  ) {}

  async handle(ctx: HttpContext) {
    const { access } = await this.console.organization(ctx, 'manageMembers')
    const { role } = await formInput(ctx, updateMemberValidator, ['role'])
    const member = await this.members.updateRole(access, ctx.params.userId, role)
    return noticeBack(ctx, `${member.user.displayName} is now ${member.role ?? 'a guest'}.`)
  }
}
