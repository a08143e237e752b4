import { serializeUser, type UserRecord } from '#accounts/serializers/user_serializer'
import { roleAtLeast, type Role, type RoleOrGuest } from '#core/roles'
import type { TeamRecord } from '#spaces/services/grant_service'

export function serializeUserPermission(item: { permission: Role; user: UserRecord }) {
  return { permission: item.permission, user: serializeUser(item.user) }
}

/**
 * A team as a permission listing shows it (GitBook's OrganizationTeam). `admin`: organization
 * admins manage teams; `view`: members with a role see them.
 */
export function serializeTeamPermission(item: { permission: Role; team: TeamRecord }, organizationRole: RoleOrGuest) {
  return {
    permission: item.permission,
    team: {
      object: 'team' as const,
      id: item.team.id,
      title: item.team.title,
      members: item.team.members,
      spaces: item.team.spaces,
      createdAt: item.team.createdAt.toISO()!,
      permissions: { admin: roleAtLeast(organizationRole, 'admin'), view: organizationRole !== null },
    },
  }
}
