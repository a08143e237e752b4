import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { updateMemberValidator } from '#organizations/validators/member_validators'

/**
 * PATCH /console/orgs/:organizationId/members/:userId: changes a member's role (admins; demoting
 * the last admin is refused with the service's reason).
 */
@inject()
export default class UpdateMemberController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, request, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    const { role } = await request.validateUsing(updateMemberValidator, {
      data: request.only(['role']),
    })
    const member = await this.members.updateRole(access, params.userId, role)
    session.flash('notice', `${member.user.displayName} is now ${member.role ?? 'a guest'}.`)
    return response.redirect().back()
  }
}
