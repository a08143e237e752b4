import type User from '#accounts/models/user'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import TeamPolicy from '#organizations/policies/team_policy'
import SitePolicy from '#sites/policies/site_policy'
import OpenAPISpecPolicy from '#openapi/policies/openapi_spec_policy'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { MemberRecord } from '#organizations/services/member_service'
import type { TeamRecord } from '#organizations/services/team_service'
import type { TeamRole } from '#organizations/models/team_member'
import type {
  EmailInviteRecord,
  InviteDescription,
  InviteLinkRecord,
} from '#organizations/services/invite_service'
import { urls } from '#core/http/urls'

const organizationPolicy = new OrganizationPolicy()
const teamPolicy = new TeamPolicy()
const sitePolicy = new SitePolicy()
const openAPIPolicy = new OpenAPISpecPolicy()

/**
 * The organization above its pages, with what the caller may do there (the API's policy).
 */
export function organizationHeader(user: User, access: OrganizationAccess) {
  const permissions = organizationPolicy.permissions(user, access)
  return {
    id: access.organization.id,
    title: access.organization.title,
    role: access.role,
    permissions: {
      admin: permissions.admin,
      listMembers: permissions.listMembers,
      listTeams: permissions.listTeams,
      createContent: permissions.createContent,
      listSites: sitePolicy.permissions(user, access).view,
      listIntegrations: permissions.listIntegrations,
      listOpenAPISpecs: openAPIPolicy.permissions(user, access).view,
    },
  }
}

export function memberProps(member: MemberRecord, user: User) {
  return {
    id: member.userId,
    email: member.user.email,
    displayName: member.user.displayName,
    role: member.role,
    sso: member.sso,
    disabled: member.disabled,
    joinedAt: member.joinedAt.toISO()!,
    lastSeenAt: member.lastSeenAt?.toISO() ?? null,
    teams: member.teams,
    spaces: member.spaces,
    isYou: member.userId === user.id,
  }
}

export function teamProps(team: TeamRecord, access: OrganizationAccess, user: User) {
  return {
    id: team.id,
    title: team.title,
    members: team.members,
    spaces: team.spaces,
    createdAt: team.createdAt.toISO()!,
    yourRole: team.callerRole,
    canManage: teamPolicy.admin(user, access, team),
  }
}

export function teamMemberProps({ member, role }: { member: MemberRecord; role: TeamRole }) {
  return {
    id: member.userId,
    email: member.user.email,
    displayName: member.user.displayName,
    teamRole: role,
  }
}

/**
 * A pending e-mail invite with its accept link (the server sends no e-mail: admins pass it on).
 */
export function emailInviteProps(invite: EmailInviteRecord) {
  return {
    id: String(invite.id),
    email: invite.email,
    role: invite.role,
    createdAt: invite.createdAt.toISO()!,
    expiresAt: invite.expiresAt?.toISO() ?? null,
    url: urls.app(`/invites/${invite.token}`),
  }
}

export function inviteLinkProps(link: InviteLinkRecord) {
  return {
    id: link.id,
    role: link.role,
    createdAt: link.createdAt.toISO()!,
    expiresAt: link.expiresAt?.toISO() ?? null,
    expired: link.expiresAt !== null && link.expiresAt.toMillis() <= Date.now(),
    maxUses: link.maxUses,
    uses: link.uses,
    url: urls.app(`/invite-links/${link.organizationId}/${link.id}`),
  }
}

/**
 * An invite as its holder sees it on the invite's page.
 */
export function inviteProps(invite: InviteDescription) {
  return {
    kind: invite.kind,
    organizationTitle: invite.organization.title,
    role: invite.role,
    email: invite.email,
    expiresAt: invite.expiresAt?.toISO() ?? null,
    ssoRequired: invite.ssoRequired,
  }
}
