import type { DateTime } from 'luxon'
import { roleAtLeast, type RoleOrGuest } from '#core/roles'
import type { DefaultContent, OrganizationType } from '#organizations/models/organization'

/**
 * An organization as read for one caller: its settings plus the caller's membership. Policies decide
 * on it and serializers render it, so a `permissions` flag and the answer of the matching endpoint
 * always agree.
 */
export type OrganizationRecord = {
  id: string
  title: string
  hostname: string | null
  type: OrganizationType
  useCase: string | null
  communityType: string | null
  defaultRole: RoleOrGuest
  defaultContent: DefaultContent | null
  sso: boolean
  ai: boolean
  inviteLinks: boolean
  plan: string
  logoUrl: string | null
  createdAt: DateTime
  emailDomains: string[]
}

export type OrganizationAccess = {
  organization: OrganizationRecord
  /**
   * False when the caller sees the organization without belonging to it (e-mail domain lookup).
   */
  isMember: boolean
  role: RoleOrGuest
  /**
   * True when the caller owns at least one of the organization's teams (`permissions.ownTeam`).
   */
  ownsTeam?: boolean
}

/**
 * An active member with the admin role: who may change the organization and its settings.
 */
export function isOrganizationAdmin(access: OrganizationAccess) {
  return access.isMember && roleAtLeast(access.role, 'admin')
}

/**
 * An active member who is not a guest: guests (role null) see only what is shared with them.
 */
export function hasOrganizationRole(access: OrganizationAccess) {
  return access.isMember && access.role !== null
}
