import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'

/**
 * DELETE /v1/orgs/{organizationId}/members/{userId} — admins remove members; anyone may leave.
 */
@inject()
export default class RemoveMemberController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('removeMember', access, params.userId)
    await this.members.remove(access, params.userId)
    response.noContent()
  }
}
