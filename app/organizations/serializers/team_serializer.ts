import type User from '#accounts/models/user'
import TeamPolicy from '#organizations/policies/team_policy'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { TeamRecord } from '#organizations/services/team_service'
import type { MemberRecord } from '#organizations/services/member_service'
import type { TeamRole } from '#organizations/models/team_member'
import { serializeMember } from '#organizations/serializers/member_serializer'

const teams = new TeamPolicy()
const organizations = new OrganizationPolicy()

/**
 * GitBook's Team record (`OrganizationTeam`), with `permissions` for the caller described by
 * `access`.
 */
export function serializeTeam(team: TeamRecord, access: OrganizationAccess, caller: User) {
  return {
    object: 'team' as const,
    id: team.id,
    title: team.title,
    members: team.members,
    spaces: team.spaces,
    createdAt: team.createdAt.toISO()!,
    permissions: teams.permissions(caller, access, team),
  }
}

/**
 * A team member listing item (`OrganizationTeamMember`).
 */
export function serializeTeamMember(
  member: MemberRecord,
  role: TeamRole,
  access: OrganizationAccess,
  caller: User
) {
  return {
    organization: serializeMember(member),
    team: { role },
    permissions: { view: organizations.viewMember(caller, access, member.userId) },
  }
}
