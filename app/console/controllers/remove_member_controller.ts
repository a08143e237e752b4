import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'

/**
 * DELETE /console/orgs/:organizationId/members/:userId: admins remove members, anyone may leave;
 * the last admin stays (the service's 409, shown on the page).
 */
@inject()
export default class RemoveMemberController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('removeMember', access, params.userId)
    const member = await this.members.find(access.organization.id, params.userId)
    await this.members.remove(access, params.userId)
    if (params.userId === user.id) {
      session.flash('notice', `You left ${access.organization.title}.`)
      return response.redirect().toPath('/console')
    }
    session.flash('notice', `${member.user.displayName} was removed from the organization.`)
    return response.redirect().back()
  }
}
