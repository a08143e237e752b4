import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import ConsoleMemberController from '#console/controllers/console_member_controller'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { noticeBack, noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/orgs/:organizationId/members/:userId: admins remove members (whose console
 * sessions end), anyone may leave; the last admin stays (the service's 409, shown on the page).
 */
export default class RemoveMemberController extends ConsoleMemberController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    const { userId } = ctx.params
    await ctx.bouncer.with(OrganizationPolicy).authorize('removeMember', access, userId)
    const member = await this.members.find(access.organization.id, userId)
    await this.members.remove(access, userId, auditActor(user))
    if (userId === user.id) {
      return noticeTo(ctx, `You left ${access.organization.title}.`, 'console.organizations.index')
    }
    return noticeBack(ctx, `${member.user.displayName} was removed from the organization.`)
  }
}
