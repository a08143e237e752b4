import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * GET /v1/orgs/{organizationId}/link-invites/{inviteId} — admins only.
 */
export default class ShowInviteLinkController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    return serializeInviteLink(await invites.findLink(access, ctx.params.inviteId), access)
  }
}
