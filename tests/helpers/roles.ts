import { ROLES, type RoleOrGuest } from '#core/roles'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { toSqlTimestamp } from '#core/database/timestamps'
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
export function byRole<K extends CallerRole, T extends object>(
  table: Record<K, T>
): Array<{ role: K } & T> {
  const rows: Partial<Record<CallerRole, T>> = table
  return CALLER_ROLES.filter((role): role is K => rows[role] !== undefined).map((role) => ({
    role,
    ...(rows[role] as T),
  }))
}

/**
 * `byRole` for the common case of one status per role: `statusByRole({ admin: 201, read: 403 })`.
 */
export function statusByRole<K extends CallerRole>(table: Record<K, number>) {
  const rows = Object.fromEntries(
    Object.entries(table).map(([role, status]) => [role, { status: status as number }])
  ) as Record<K, { status: number }>
  return byRole(rows)
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

/**
 * The authorization matrix of an organization: its admin, a member of every other role, a guest
 * (role null), and an outsider (admin of another organization).
 */
export type Roster = {
  admin: Caller
  create: Caller
  edit: Caller
  read: Caller
  guest: Caller
  outsider: Caller
  organizationId: string
}

export const MATRIX = [
  'admin',
  'create',
  'edit',
  'read',
  'guest',
  'outsider',
] as const satisfies readonly CallerRole[]
export type MatrixRole = (typeof MATRIX)[number]

export async function createRoster(): Promise<Roster> {
  const admin = await createCaller()
  const organizationId = admin.organizationId
  const [create, edit, read, guest, outsider] = [
    await createCaller({ organizationId, role: 'create' }),
    await createCaller({ organizationId, role: 'edit' }),
    await createCaller({ organizationId, role: 'read' }),
    await createCaller({ organizationId, role: null }),
    await createCaller(),
  ]
  // Joined one second apart, in the order above, so that orders by joinedAt are deterministic.
  const base = DateTime.utc().minus({ minutes: 1 })
  for (const [index, caller] of [admin, create, edit, read, guest].entries()) {
    await db
      .from('organization_members')
      .where('organization_id', organizationId)
      .where('user_id', caller.user.id)
      .update({ joined_at: toSqlTimestamp(base.plus({ seconds: index })) })
  }
  return { admin, create, edit, read, guest, outsider, organizationId }
}
