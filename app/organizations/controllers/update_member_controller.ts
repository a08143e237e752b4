import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { updateMemberValidator } from '#organizations/validators/member_validators'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/members/{userId} — changes a member's role (admins only).
 */
@inject()
export default class UpdateMemberController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('manageMembers', access)
    const { role } = await request.validateUsing(updateMemberValidator, { data: request.body() })
    return serializeMember(await this.members.updateRole(access, params.userId, role))
  }
}
