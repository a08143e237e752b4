import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * POST /v1/orgs/{organizationId}/members/{userId}/sso — marks the member as an SSO member (admins).
 */
@inject()
export default class MarkMemberSsoController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  async handle({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    return serializeMember(await this.members.markSso(access, params.userId))
  }
}
