import type { HttpContext } from '@adonisjs/core/http'
import ConsoleMemberController from '#console/controllers/console_member_controller'
import { listMembersQueryValidator } from '#organizations/validators/member_validators'
import { memberProps, organizationHeader } from '#console/serializers/administration_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'

/**
 * GET /console/orgs/:organizationId/members: the roster (search, role filter, keyset pages), for
 * the members the API lets list it; admins get the controls to change roles and remove members.
 */
export default class ListMembersController extends ConsoleMemberController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'readMembers')
    const query = await listQueryOf(listMembersQueryValidator, ctx.request)
    const page = await this.members.list(access.organization.id, query)
    const organization = organizationHeader(user, access)
    return ctx.inertia.render('members/index', {
      organization,
      members: page.items.map((member) => memberProps(member, user)),
      ...pageProps(page),
      filters: { search: query.search ?? '', role: query.role ?? '' },
      canManage: organization.permissions.admin,
    })
  }
}
