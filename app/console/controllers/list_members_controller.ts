import type { HttpContext } from '@adonisjs/core/http'
import ConsoleMemberController from '#console/controllers/console_member_controller'
import InviteService, { EMAIL_INVITE_DAYS } from '#organizations/services/invite_service'
import type { OrganizationAccess } from '#organizations/organization_access'
import { listMembersQueryValidator } from '#organizations/validators/member_validators'
import {
  emailInviteProps,
  inviteLinkProps,
  memberProps,
  organizationHeader,
} from '#console/serializers/administration_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'

const invites = new InviteService()

/**
 * GET /console/orgs/:organizationId/members: the roster (search, role filter, keyset pages), for
 * the members the API lets list it; admins get the controls to change roles and remove members,
 * and the invites: pending e-mail invites and invite links, each with its link to copy.
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
      invites: organization.permissions.admin ? await invitesOf(access) : null,
    })
  }
}

async function invitesOf(access: OrganizationAccess) {
  const [emails, links] = await Promise.all([
    invites.listEmailInvites(access),
    invites.listLinks(access, { limit: 100 }),
  ])
  return {
    linksEnabled: access.organization.inviteLinks,
    emailInviteDays: EMAIL_INVITE_DAYS,
    emails: emails.map(emailInviteProps),
    links: links.items.map(inviteLinkProps),
  }
}
