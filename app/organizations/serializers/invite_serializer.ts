import { roleRank } from '#core/roles'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { InviteLinkRecord } from '#organizations/services/invite_service'

/**
 * GitBook's invite link to an organization (`InviteLinkToOrganization`). `redundant`: the caller
 * already has at least the role the link gives. Bindery adds the link's limits: `expiresAt` and
 * `maxUses` (null: none) and `uses`.
 */
export function serializeInviteLink(link: InviteLinkRecord, access: OrganizationAccess) {
  return {
    object: 'invite' as const,
    id: link.id,
    role: link.role,
    redundant: access.isMember && roleRank(access.role) >= roleRank(link.role),
    expiresAt: link.expiresAt?.toISO() ?? null,
    maxUses: link.maxUses,
    uses: link.uses,
  }
}
