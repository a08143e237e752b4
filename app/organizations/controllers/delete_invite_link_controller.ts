import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'

/**
 * DELETE /v1/orgs/{organizationId}/link-invites/{inviteId} — 205, as the platform has it (admins).
 */
export default class DeleteInviteLinkController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    await invites.deleteLink(await invites.findLink(access, ctx.params.inviteId))
    ctx.response.status(205)
  }
}
