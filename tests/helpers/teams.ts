import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { newId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'

/**
 * A team of the organization with these members, inserted directly (team management belongs to the
 * organizations domain).
 */
export async function createTeam(
  organizationId: string,
  userIds: string[] = [],
  title = `Team ${newId(4)}`
) {
  const id = newId()
  const now = toSqlTimestamp(DateTime.utc())
  await db
    .table('teams')
    .insert({ id, organization_id: organizationId, title, created_at: now, updated_at: now })
  for (const userId of userIds) {
    await db
      .table('team_members')
      .insert({ team_id: id, user_id: userId, role: 'member', created_at: now })
  }
  return id
}
