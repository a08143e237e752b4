import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import { roleAtLeast, type RoleOrGuest } from '#core/roles'
import type { IntegrationRecord } from '#integrations/records'

/**
 * The caller as integrations see them: their active memberships (organization id → role, null for
 * a guest), read once per request. Every visibility and permission decision of the domain is taken
 * on it, by the policy and the services alike.
 */
export type Viewer = { user: User; roles: Map<string, RoleOrGuest> }

export async function viewerOf(user: User): Promise<Viewer> {
  const rows = await db
    .from('organization_members')
    .where('user_id', user.id)
    .where('disabled', false)
    .select('organization_id', 'role')
  return { user, roles: new Map(rows.map((row) => [row.organization_id, row.role ?? null])) }
}

/** A member with a role (not a guest) of the organization. */
export function isMemberOf(viewer: Viewer, organizationId: string): boolean {
  return viewer.roles.has(organizationId) && viewer.roles.get(organizationId) !== null
}

export function isAdminOf(viewer: Viewer, organizationId: string): boolean {
  return roleAtLeast(viewer.roles.get(organizationId), 'admin')
}

/** Organizations where the viewer has a role (not a guest). */
export function memberOrganizations(viewer: Viewer): string[] {
  return [...viewer.roles].filter(([, role]) => role !== null).map(([id]) => id)
}

/**
 * Who sees an integration: `public` and `unlisted` ones everybody (unlisted ones by name only),
 * `private` ones the members of the owning organization.
 */
export function canSee(viewer: Viewer, integration: IntegrationRecord): boolean {
  return integration.visibility !== 'private' || isMemberOf(viewer, integration.organizationId)
}

/**
 * Organizations that may install it: any for `public` and `unlisted`, the owner for `private`.
 */
export function mayBeInstalledBy(integration: IntegrationRecord, organizationId: string): boolean {
  return integration.visibility !== 'private' || integration.organizationId === organizationId
}
