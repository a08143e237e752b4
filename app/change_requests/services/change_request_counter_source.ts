import db from '@adonisjs/lucid/services/db'
import type { SpaceCounterSource, SpaceCounters } from '#spaces/contracts/space_counters'

/**
 * The change-request counters of spaces (registered by the change requests provider): all of them,
 * the open ones and the drafts.
 */
export default class ChangeRequestCounterSource implements SpaceCounterSource {
  async addCounts(spaceIds: string[], counters: Map<string, SpaceCounters>) {
    const rows = await db
      .from('change_requests')
      .whereIn('space_id', spaceIds)
      .groupBy('space_id', 'status')
      .select('space_id', 'status')
      .count('* as total')
    for (const row of rows) {
      const entry = counters.get(row.space_id)!
      const total = Number(row.total)
      entry.changeRequests += total
      if (row.status === 'open') entry.changeRequestsOpen += total
      if (row.status === 'draft') entry.changeRequestsDraft += total
    }
  }

  countersSql(spaceId: string) {
    const count = (status?: string) =>
      `SELECT COUNT(*) FROM change_requests crc WHERE crc.space_id = ${spaceId}${status ? ` AND crc.status = '${status}'` : ''}`
    return {
      changeRequests: count(),
      changeRequestsOpen: count('open'),
      changeRequestsDraft: count('draft'),
    }
  }
}
