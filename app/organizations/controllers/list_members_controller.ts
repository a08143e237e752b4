import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listMembersQueryValidator } from '#organizations/validators/member_validators'
import { serializeMember } from '#organizations/serializers/member_serializer'

/**
 * GET /v1/orgs/{organizationId}/members — the roster, for members who are not guests.
 */
@inject()
export default class ListMembersController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('readMembers', access)
    const query = await request.validateQuery(listMembersQueryValidator)
    const page = await this.members.list(access.organization.id, query)
    return listEnvelope(page.items.map(serializeMember), page.count, page.next)
  }
}
