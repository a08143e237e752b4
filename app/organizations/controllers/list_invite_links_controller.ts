import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * GET /v1/orgs/{organizationId}/link-invites — admins only: a link is a key to the organization.
 */
@inject()
export default class ListInviteLinksController {
  constructor(
    private organizations: OrganizationService,
    private invites: InviteService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.invites.listLinks(access, query)
    return listEnvelope(
      page.items.map((link) => serializeInviteLink(link, access)),
      page.count,
      page.next
    )
  }
}
