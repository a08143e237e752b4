import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'

/**
 * DELETE /v1/orgs/{organizationId}/link-invites/{inviteId} — 205, as the platform has it (admins).
 */
@inject()
export default class DeleteInviteLinkController {
  constructor(
    private organizations: OrganizationService,
    private invites: InviteService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    await this.invites.deleteLink(await this.invites.findLink(access, params.inviteId))
    response.status(205)
  }
}
