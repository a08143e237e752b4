import type User from '#accounts/models/user'
import { serializeUser, type UserRecord } from '#accounts/serializers/user_serializer'
import type { Role } from '#core/roles'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { TeamRecord } from '#organizations/services/team_service'
import { serializeTeam } from '#organizations/serializers/team_serializer'

export function serializeUserPermission(item: { permission: Role; user: UserRecord }) {
  return { permission: item.permission, user: serializeUser(item.user) }
}

/**
 * A team as a permission listing shows it: the organizations domain's Team record, with the
 * caller's `permissions` on the team.
 */
export function serializeTeamPermission(
  item: { permission: Role; team: TeamRecord },
  access: OrganizationAccess,
  caller: User
) {
  return { permission: item.permission, team: serializeTeam(item.team, access, caller) }
}
