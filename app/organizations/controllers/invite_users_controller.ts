import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { inviteUsersValidator } from '#organizations/validators/invite_validators'

/**
 * POST /v1/orgs/{organizationId}/invites — records pending invites for e-mail addresses (admins).
 */
export default class InviteUsersController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    const input = await ctx.request.validateBody(inviteUsersValidator)
    return invites.inviteByEmail(user, access, input)
  }
}
