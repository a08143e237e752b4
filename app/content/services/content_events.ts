import { inject } from '@adonisjs/core'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RevisionTree, TreePage } from '#content/types'
import ContentStore from '#content/services/content_store'
import SearchIndexService from '#content/search/search_index_service'
import FormerPathsService from '#content/services/former_paths_service'
import { RevisionListeners } from '#content/contracts/revision_listeners'
import type { Section } from '#content/search/sections'

/**
 * How the search sections of changed pages are computed: in-process by default; website imports
 * pass their worker threads (thousands of pages must not be parsed on the event loop).
 */
export type SectionSplitter = (
  pages: Array<{ markdown: string; title: string; document?: string }>
) => Promise<Section[][]>

/**
 * Changed pages indexed per round: their documents are read (and held) one round at a time, and
 * the event loop is given back between rounds (search terms are computed here).
 */
const INDEX_CHUNK = 20

export interface RevisionDiff {
  /** Pages that are new, or whose node, path or visibility changed. */
  changed: TreePage[]
  /** Ids of pages gone from the new revision. */
  removed: string[]
  /** Pages of the new revision search must not show (see unsearchablePages). */
  unsearchable: Set<string>
}

/**
 * Pages search must not show: hidden pages and everything under them, and pages marked noIndex.
 */
export function unsearchablePages(tree: RevisionTree): Set<string> {
  const excluded = new Set<string>()
  const walk = (pages: TreePage[], hiddenAbove: boolean) => {
    for (const page of pages) {
      const hidden = hiddenAbove || page.node.hidden === true
      if (hidden || page.node.noIndex === true) excluded.add(page.node.id)
      walk(page.children, hidden)
    }
  }
  walk(tree.pages, false)
  return excluded
}

/**
 * Pages that differ between two revisions. Unchanged subtrees share node hashes; a page's path or
 * inherited visibility can change without its node (a parent renamed, moved or hidden), so those
 * are compared too. The work is in memory over the loaded trees; only changed pages are handed on.
 */
export function diffRevisions(previous: RevisionTree | null, next: RevisionTree): RevisionDiff {
  const hiddenBefore = previous ? unsearchablePages(previous) : new Set<string>()
  const hiddenAfter = unsearchablePages(next)
  const changed: TreePage[] = []
  for (const page of next.byId.values()) {
    const id = page.node.id
    const before = previous?.byId.get(id)
    if (
      !before ||
      before.hash !== page.hash ||
      before.path !== page.path ||
      hiddenBefore.has(id) !== hiddenAfter.has(id)
    ) {
      changed.push(page)
    }
  }
  const removed = previous ? [...previous.byId.keys()].filter((id) => !next.byId.has(id)) : []
  return { changed, removed, unsearchable: hiddenAfter }
}

/**
 * What happens when a space's current revision moves: the domains listening hear of it, indexes
 * derived from the current content (search) follow it, and the old paths of moved or renamed pages
 * are kept for redirects, in the same transaction, with work proportional to the pages that changed.
 */
@inject()
export default class ContentEvents {
  constructor(
    private store: ContentStore,
    private search: SearchIndexService,
    private formerPaths: FormerPathsService,
    private listeners: RevisionListeners
  ) {}

  async revisionBecameCurrent(
    trx: QueryClientContract,
    organizationId: string,
    previous: RevisionTree | null,
    next: RevisionTree,
    options: { splitSections?: SectionSplitter } = {}
  ) {
    await this.listeners.revisionBecameCurrent(trx, {
      organizationId,
      spaceId: next.spaceId,
      previousRevisionId: previous?.id ?? null,
      revisionId: next.id,
    })
    const diff = diffRevisions(previous, next)
    if (diff.changed.length === 0 && diff.removed.length === 0) return
    if (previous) await this.formerPaths.recordMoves(trx, previous, diff.changed)
    // Round by round, so a whole imported site's documents are never all in memory at once.
    for (let start = 0; start < Math.max(diff.changed.length, 1); start += INDEX_CHUNK) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve))
      const round = diff.changed.slice(start, start + INDEX_CHUNK)
      const markdown = await this.store.readDocuments(
        trx,
        next.spaceId,
        round.flatMap((page) => (page.node.document ? [page.node.document] : []))
      )
      const pages = round.map((page) => ({
        pageId: page.node.id,
        title: page.node.title,
        path: page.path,
        markdown: page.node.document ? (markdown.get(page.node.document) ?? '') : '',
        document: page.node.document,
        hidden: diff.unsearchable.has(page.node.id),
        ...(page.node.description ? { description: page.node.description } : {}),
      }))
      if (options.splitSections && pages.length > 0) {
        const sections = await options.splitSections(pages)
        pages.forEach((page, index) => Object.assign(page, { sections: sections[index] }))
      }
      await this.search.indexPages(
        trx,
        next.spaceId,
        organizationId,
        pages,
        start === 0 ? diff.removed : []
      )
    }
  }
}
