import db from '@adonisjs/lucid/services/db'

/**
 * The counters a Space carries, one grouped query per counter source for any number of spaces.
 * `comments` counts the open comments on the space's own content (what `GET S/comments?status=open`
 * lists): replies, resolved comments and change requests' discussions are not counted.
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
      spaceIds.map((id) => [
        id,
        { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
      ])
    )
    if (spaceIds.length === 0) return counters
    const [rows, comments] = await Promise.all([
      db
        .from('change_requests')
        .whereIn('space_id', spaceIds)
        .groupBy('space_id', 'status')
        .select('space_id', 'status')
        .count('* as total'),
      db
        .from('comments')
        .whereIn('space_id', spaceIds)
        .whereNull('change_request_id')
        .whereNull('parent_id')
        .where('status', 'open')
        .groupBy('space_id')
        .select('space_id')
        .count('* as total'),
    ])
    for (const row of comments) counters.get(row.space_id)!.comments = Number(row.total)
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
