import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * GET /v1/orgs/{organizationId}/link-invites — admins only: a link is a key to the organization.
 */
export default class ListInviteLinksController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, invites: InviteService) {
    const { access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'manageMembers')
    const page = await invites.listLinks(
      access,
      await ctx.request.validateQuery(listQueryValidator)
    )
    return pageEnvelope(
      page.items.map((link) => serializeInviteLink(link, access)),
      page
    )
  }
}
