import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { toSqlTimestamp } from '#core/database/timestamps'
import { createCaller, type Caller } from '#tests/helpers/callers'

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

export const MATRIX = ['admin', 'create', 'edit', 'read', 'guest', 'outsider'] as const
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

export async function membershipOf(organizationId: string, userId: string) {
  return db
    .from('organization_members')
    .where('organization_id', organizationId)
    .where('user_id', userId)
    .first()
}

/**
 * The user's role in the organization (null: a guest); undefined when not a member.
 */
export async function roleOf(organizationId: string, userId: string) {
  const membership = await membershipOf(organizationId, userId)
  return membership?.role
}

export async function teamMembershipsOf(teamId: string) {
  const rows = await db
    .from('team_members')
    .where('team_id', teamId)
    .select('user_id', 'role')
    .orderBy('id')
  return Object.fromEntries(rows.map((row) => [row.user_id, row.role]))
}
