import db from '@adonisjs/lucid/services/db'

// The roster is shared by every area's tests: it lives with the role tables.
export { createRoster, MATRIX, type MatrixRole, type Roster } from '#tests/helpers/roles'

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
