import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * GET /v1/orgs/{organizationId}/link-invites/{inviteId} — admins only.
 */
@inject()
export default class ShowInviteLinkController {
  constructor(
    private organizations: OrganizationService,
    private invites: InviteService
  ) {}

  async handle({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    return serializeInviteLink(await this.invites.findLink(access, params.inviteId), access)
  }
}
