import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { urls } from '#core/http/urls'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { createInviteLinkValidator } from '#organizations/validators/invite_validators'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * POST /v1/orgs/{organizationId}/link-invites — admins, while the organization allows invite links;
 * optionally expiring (`expiresInDays`) and limited in uses (`maxUses`).
 */
export default class CreateInviteLinkController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    const { role, ...limits } = await ctx.request.validateBody(createInviteLinkValidator)
    const link = await invites.createLink(user, access, role, limits)
    ctx.response
      .header('Location', urls.api(`/orgs/${access.organization.id}/link-invites/${link.id}`))
      .created(serializeInviteLink(link, access))
  }
}
