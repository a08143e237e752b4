import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import InviteService from '#organizations/services/invite_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { inviteUsersValidator } from '#organizations/validators/invite_validators'

/**
 * POST /v1/orgs/{organizationId}/invites — records pending invites for e-mail addresses (admins).
 */
@inject()
export default class InviteUsersController {
  constructor(
    private organizations: OrganizationService,
    private invites: InviteService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    const input = await request.validateUsing(inviteUsersValidator, { data: request.body() })
    return this.invites.inviteByEmail(user, access, input)
  }
}
