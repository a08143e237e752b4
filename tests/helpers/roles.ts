import { ROLES, type RoleOrGuest } from '#core/roles'
import { createCaller, type Caller } from '#tests/helpers/callers'

/**
 * Every kind of caller an authorization test can name: the organization's roles, a guest (a member
 * without an organization-wide role) and an outsider (admin of another organization).
 */
export const CALLER_ROLES = [...ROLES, 'guest', 'outsider'] as const
export type CallerRole = (typeof CALLER_ROLES)[number]

/**
 * A `.with()` dataset from a role → expectations table: one row per role the table names, in
 * CALLER_ROLES order, e.g. `byRole({ admin: { status: 201 }, read: { status: 403 } })`.
 */
export function byRole<T extends object>(
  table: Partial<Record<CallerRole, T>>
): Array<{ role: CallerRole } & T> {
  return CALLER_ROLES.filter((role) => table[role] !== undefined).map((role) => ({
    role,
    ...table[role]!,
  }))
}

/**
 * `byRole` for the common case of one status per role: `statusByRole({ admin: 201, read: 403 })`.
 */
export function statusByRole(table: Partial<Record<CallerRole, number>>) {
  return byRole(
    Object.fromEntries(
      Object.entries(table).map(([role, status]) => [role, { status }])
    ) as Partial<Record<CallerRole, { status: number }>>
  )
}

/**
 * The organization role of a named caller role (a guest is `null`); undefined for an outsider.
 */
export function memberRole(role: CallerRole): RoleOrGuest | undefined {
  if (role === 'outsider') return undefined
  return role === 'guest' ? null : role
}

/**
 * A caller of `role` for the organization: a member with that role, a guest, or an outsider.
 */
export function createCallerAs(organizationId: string, role: CallerRole): Promise<Caller> {
  const member = memberRole(role)
  return member === undefined ? createCaller() : createCaller({ organizationId, role: member })
}

/**
 * An organization's admin and one caller of `role` for it: the setup of most role tables.
 */
export async function adminAnd(role: CallerRole) {
  const admin = await createCaller()
  const caller = role === 'admin' ? admin : await createCallerAs(admin.organizationId, role)
  return { admin, caller, organizationId: admin.organizationId }
}
