import db from '@adonisjs/lucid/services/db'
import type { SpaceCounterSource, SpaceCounters } from '#spaces/contracts/space_counters'

/**
 * The `comments` counter of spaces (registered by the comments provider): open comments on the
 * space's own content, not replies nor change requests' discussions.
 */
export default class CommentCounterSource implements SpaceCounterSource {
  async addCounts(spaceIds: string[], counters: Map<string, SpaceCounters>) {
    const rows = await db
      .from('comments')
      .whereIn('space_id', spaceIds)
      .whereNull('change_request_id')
      .whereNull('parent_id')
      .where('status', 'open')
      .groupBy('space_id')
      .select('space_id')
      .count('* as total')
    for (const row of rows) counters.get(row.space_id)!.comments = Number(row.total)
  }

  countersSql(spaceId: string) {
    return {
      comments: `SELECT COUNT(*) FROM comments cc WHERE cc.space_id = ${spaceId} AND cc.status = 'open'
        AND cc.change_request_id IS NULL AND cc.parent_id IS NULL`,
    }
  }
}
