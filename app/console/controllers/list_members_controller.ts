import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import { singleValuedQuery } from '#core/http/validation'
import OrganizationService from '#organizations/services/organization_service'
import MemberService from '#organizations/services/member_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listMembersQueryValidator } from '#organizations/validators/member_validators'
import { memberProps, organizationHeader } from '#console/serializers/administration_props'

const PAGE_SIZE = 50

/**
 * GET /console/orgs/:organizationId/members: the roster (search, role filter, keyset pages), for
 * the members the API lets list it; admins get the controls to change roles and remove members.
 */
@inject()
export default class ListMembersController {
  constructor(
    private organizations: OrganizationService,
    private members: MemberService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, inertia, params, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('readMembers', access)
    const query = await listMembersQueryValidator.validate(singleValuedQuery(request.qs()))
    const page = await this.members.list(access.organization.id, {
      ...query,
      limit: query.limit ?? PAGE_SIZE,
    })
    const organization = organizationHeader(user, access)
    return inertia.render('members/index', {
      organization,
      members: page.items.map((member) => memberProps(member, user)),
      count: page.count,
      nextPage: page.next?.page ?? null,
      filters: { search: query.search ?? '', role: query.role ?? '' },
      canManage: organization.permissions.admin,
    })
  }
}
