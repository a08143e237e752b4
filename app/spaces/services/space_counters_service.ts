import db from '@adonisjs/lucid/services/db'

/**
 * The counters a Space carries, one grouped query per counter source for any number of spaces.
 * Comments arrive with the comments domain; until then a space has none, which is their true value.
 */
export type SpaceCounters = {
  comments: number
  changeRequests: number
  changeRequestsOpen: number
  changeRequestsDraft: number
}

export default class SpaceCountersService {
  async countersFor(spaceIds: string[]): Promise<Map<string, SpaceCounters>> {
    const counters = new Map<string, SpaceCounters>(
      spaceIds.map((id) => [id, { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }])
    )
    if (spaceIds.length === 0) return counters
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
    return counters
  }
}
