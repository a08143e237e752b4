import { inject } from '@adonisjs/core'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RevisionTree, TreePage } from '#content/types'
import ContentStore from '#content/services/content_store'

export interface RevisionDiff {
  /** Pages that are new, or whose node or path changed. */
  changed: TreePage[]
  /** Ids of pages gone from the new revision. */
  removed: string[]
}

/**
 * Pages that differ between two revisions. Unchanged subtrees share node hashes; a page's path can
 * change without its node (a parent renamed or moved), so paths are compared too. Work is in
 * memory over the loaded trees; only changed pages are handed on.
 */
export function diffRevisions(previous: RevisionTree | null, next: RevisionTree): RevisionDiff {
  const changed: TreePage[] = []
  for (const page of next.byId.values()) {
    const before = previous?.byId.get(page.node.id)
    if (!before || before.hash !== page.hash || before.path !== page.path) changed.push(page)
  }
  const removed = previous ? [...previous.byId.keys()].filter((id) => !next.byId.has(id)) : []
  return { changed, removed }
}

/**
 * What happens when a space's current revision moves: indexes derived from the current content
 * follow it, in the same transaction.
 */
@inject()
export default class ContentEvents {
  constructor(private store: ContentStore) {}

  async revisionBecameCurrent(
    trx: QueryClientContract,
    organizationId: string,
    previous: RevisionTree | null,
    next: RevisionTree
  ) {
    const diff = diffRevisions(previous, next)
    if (diff.changed.length === 0 && diff.removed.length === 0) return
    const markdown = await this.store.readDocuments(
      trx,
      next.spaceId,
      diff.changed.flatMap((page) => (page.node.document ? [page.node.document] : []))
    )
    void organizationId
    void markdown
  }
}
