import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * GET /v1/orgs/{organizationId}/members/{userId}.
 */
@inject()
export default class ShowMemberController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  async handle({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('readMember', access, params.userId)
    return serializeMember(await this.members.find(access.organization.id, params.userId))
  }
}
