import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { inviteLinkValidator } from '#organizations/validators/invite_validators'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/link-invites/{inviteId} — changes the link's role (admins).
 */
@inject()
export default class UpdateInviteLinkController {
  constructor(
    private organizations: OrganizationService,
    private invites: InviteService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    const link = await this.invites.findLink(access, params.inviteId)
    const { role } = await request.validateUsing(inviteLinkValidator, { data: request.body() })
    return serializeInviteLink(await this.invites.updateLink(access, link, role), access)
  }
}
