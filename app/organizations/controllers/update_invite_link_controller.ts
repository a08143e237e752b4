import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import OrganizationController from '#organizations/controllers/organization_controller'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { inviteLinkValidator } from '#organizations/validators/invite_validators'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/link-invites/{inviteId} — changes the link's role (admins).
 */
export default class UpdateInviteLinkController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    const link = await invites.findLink(access, ctx.params.inviteId)
    const { role } = await ctx.request.validateBody(inviteLinkValidator)
    return serializeInviteLink(
      await invites.updateLink(access, link, role, auditActor(user)),
      access
    )
  }
}
