import { createHash } from 'node:crypto'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { chunks, WHERE_IN_CHUNK } from '#core/database/chunks'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { RevisionTree, TreePage } from '#content/types'

/** Rows per insert: 5 columns each stays far below SQLite's bound-parameter limit. */
const INSERT_CHUNK = 200

/** A page path as routes and readers give it (`/guides/intro/`) in its stored form (`guides/intro`). */
export function normalizePagePath(path: string): string {
  return path.replace(/^\/+|\/+$/g, '')
}

/** The key of a path: paths have no length bound, a unique index has one (see the migration). */
function pathHash(path: string): string {
  return createHash('sha256').update(path).digest('hex')
}

/**
 * The old paths of a space's pages (table `page_former_paths`): each path a page left, pointing at
 * that page's id. A path left twice points at the page that left it last. Readers try the current
 * tree first, so a former path that a page holds again today never shadows that page.
 */
export default class FormerPathsService {
  /**
   * Records the old path of every page of `changed` (pages of `next`) that `previous` held at
   * another path: renamed or moved pages, and the descendants carried along. Links have no path of
   * their own. Runs on the caller's client (the transaction moving the space's revision).
   */
  async recordMoves(
    client: QueryClientContract,
    previous: RevisionTree,
    changed: TreePage[]
  ): Promise<void> {
    const left = new Map<string, string>()
    for (const page of changed) {
      const before = previous.byId.get(page.node.id)
      if (!before || before.path === page.path || before.node.type === 'link') continue
      if (!left.has(before.path)) left.set(before.path, page.node.id)
    }
    if (left.size === 0) return
    const updatedAt = toSqlTimestamp(new Date())
    const rows = [...left].map(([path, pageId]) => ({
      space_id: previous.spaceId,
      path_hash: pathHash(path),
      path,
      page_id: pageId,
      updated_at: updatedAt,
    }))
    // Delete then insert: an upsert both engines run the same way.
    for (const part of chunks(rows, WHERE_IN_CHUNK)) {
      await client
        .from('page_former_paths')
        .where('space_id', previous.spaceId)
        .whereIn(
          'path_hash',
          part.map((row) => row.path_hash)
        )
        .delete()
    }
    for (const part of chunks(rows, INSERT_CHUNK)) {
      await client.insertQuery().table('page_former_paths').multiInsert(part)
    }
  }

  /** The id of the page that last left `path` in the space, if one did. */
  async pageIdAt(
    client: QueryClientContract,
    spaceId: string,
    path: string
  ): Promise<string | null> {
    const normalized = normalizePagePath(path)
    const row = await client
      .from('page_former_paths')
      .where('space_id', spaceId)
      .where('path_hash', pathHash(normalized))
      .select('path', 'page_id')
      .first()
    // The stored path guards against a hash collision, however unlikely.
    return row && row.path === normalized ? String(row.page_id) : null
  }
}
