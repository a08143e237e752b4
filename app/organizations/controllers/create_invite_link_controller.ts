import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { urls } from '#core/http/urls'
import OrganizationService from '#organizations/services/organization_service'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { inviteLinkValidator } from '#organizations/validators/invite_validators'
import { serializeInviteLink } from '#organizations/serializers/invite_serializer'

/**
 * POST /v1/orgs/{organizationId}/link-invites — admins, while the organization allows invite links.
 */
@inject()
export default class CreateInviteLinkController {
  constructor(
    private organizations: OrganizationService,
    private invites: InviteService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    const { role } = await request.validateUsing(inviteLinkValidator, { data: request.body() })
    const link = await this.invites.createLink(user, access, role)
    response.header('Location', urls.api(`/orgs/${access.organization.id}/link-invites/${link.id}`))
    response.status(201)
    return serializeInviteLink(link, access)
  }
}
