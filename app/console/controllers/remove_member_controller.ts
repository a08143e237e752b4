import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import ConsoleAccessService from '#console/services/console_access_service'
import { noticeBack, noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/orgs/:organizationId/members/:userId: admins remove members, anyone may leave;
 * the last admin stays (the service's 409, shown on the page).
 */
@inject()
export default class RemoveMemberController {
  constructor(
    private console: ConsoleAccessService,
    private members: MemberService
  ) {}

  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    const { userId } = ctx.params
    await ctx.bouncer.with(OrganizationPolicy).authorize('removeMember', access, userId)
    const member = await this.members.find(access.organization.id, userId)
    await this.members.remove(access, userId)
    if (userId === user.id) {
      return noticeTo(ctx, `You left ${access.organization.title}.`, 'console.organizations.index')
    }
    return noticeBack(ctx, `${member.user.displayName} was removed from the organization.`)
  }
}
