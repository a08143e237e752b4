import { serializeUser } from '#accounts/serializers/user_serializer'
import type { MemberRecord } from '#organizations/services/member_service'

/**
 * GitBook's Member record (`OrganizationMember`); `id` is the user's id.
 */
export function serializeMember(member: MemberRecord) {
  return {
    object: 'member' as const,
    id: member.userId,
    role: member.role,
    user: serializeUser(member.user),
    disabled: member.disabled,
    joinedAt: member.joinedAt.toISO()!,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt.toISO()! } : {}),
    sso: member.sso,
    spaces: member.spaces,
    teams: member.teams,
    sites: member.sites,
  }
}
