import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import OrganizationController from '#organizations/controllers/organization_controller'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'

/**
 * DELETE /v1/orgs/{organizationId}/link-invites/{inviteId} — 205, as the platform has it (admins).
 */
export default class DeleteInviteLinkController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    const link = await invites.findLink(access, ctx.params.inviteId)
    await invites.deleteLink(link, auditActor(user))
    ctx.response.status(205)
  }
}
