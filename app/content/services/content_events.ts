import { inject } from '@adonisjs/core'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { RevisionTree, TreePage } from '#content/types'
import ContentStore from '#content/services/content_store'
import SearchIndexService, { type IndexablePage } from '#content/search/search_index_service'
import FormerPathsService from '#content/services/former_paths_service'
import { RevisionListeners } from '#content/contracts/revision_listeners'
import { remembersSections, type Section } from '#content/search/sections'
import { OFF_LOOP_CHARACTERS } from '#content/services/page_derivation'
import { contentWorkers } from '#content/import/worker_pool'
import logger from '@adonisjs/core/services/logger'
import { yieldToEventLoop } from '#core/event_loop'

/**
 * Search sections a batch knows already, by document: a website import split them (and made their
 * terms) with each page's conversion, in its worker threads. The sections of each page given, or
 * undefined where it has none; pages it answers for are indexed without reading their markdown
 * again, the others are split as any batch's are.
 */
export type SectionSplitter = (
  pages: Array<{ title: string; document: string }>
) => Promise<Array<Section[] | undefined>>

/** How the indexes follow a revision change (a website import's, by default any other's). */
export interface RevisionChangeOptions {
  splitSections?: SectionSplitter
  /** Search's full-text entries are written afterwards (see IndexOptions). */
  deferFullText?: boolean
}

/**
 * Changed pages indexed per round: their documents are read (and held) one round at a time, and
 * the event loop is given back between rounds (search terms are computed here).
 */
const INDEX_CHUNK = 20

export interface RevisionDiff {
  /**
   * Pages that are new, or whose document, title, description, path or visibility changed (not a
   * page whose children alone changed: its node's hash changes with theirs).
   */
  changed: TreePage[]
  /** Ids of the changed pages whose document or title changed, or that were not searchable. */
  rewritten: Set<string>
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
  const rewritten = new Set<string>()
  for (const page of next.byId.values()) {
    const id = page.node.id
    const before = previous?.byId.get(id)
    const shown = hiddenBefore.has(id) !== hiddenAfter.has(id)
    if (before && before.hash === page.hash && before.path === page.path && !shown) continue
    const content =
      !before ||
      before.node.document !== page.node.document ||
      before.node.title !== page.node.title ||
      (shown && !hiddenAfter.has(id))
    if (
      content ||
      shown ||
      before.path !== page.path ||
      (before.node.description ?? '') !== (page.node.description ?? '')
    ) {
      changed.push(page)
      if (content) rewritten.add(id)
    }
  }
  const removed = previous ? [...previous.byId.keys()].filter((id) => !next.byId.has(id)) : []
  return { changed, rewritten, removed, unsearchable: hiddenAfter }
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
    options: RevisionChangeOptions = {}
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
    // Round by round, so a whole imported site's documents are never all in memory at once; search
    // reads again the markdown of pages whose document or title changed only.
    for (let start = 0; start < Math.max(diff.changed.length, 1); start += INDEX_CHUNK) {
      if (start > 0) await yieldToEventLoop()
      const round = diff.changed.slice(start, start + INDEX_CHUNK)
      const rewritten = round.filter((page) => diff.rewritten.has(page.node.id))
      const known = await knownSections(rewritten, options.splitSections)
      const markdown = await this.store.readDocuments(
        trx,
        next.spaceId,
        rewritten.flatMap((page) =>
          page.node.document && !known.has(page.node.id) ? [page.node.document] : []
        )
      )
      const pages: IndexablePage[] = round.map((page) => {
        const sections = known.get(page.node.id)
        return {
          pageId: page.node.id,
          title: page.node.title,
          path: page.path,
          ...(sections ? { sections } : {}),
          ...(!sections && diff.rewritten.has(page.node.id)
            ? { markdown: page.node.document ? (markdown.get(page.node.document) ?? '') : '' }
            : {}),
          ...(page.node.document ? { document: page.node.document } : {}),
          hidden: diff.unsearchable.has(page.node.id),
          ...(page.node.description ? { description: page.node.description } : {}),
        }
      })
      const split = pages.filter(
        (page): page is IndexablePage & { markdown: string } => page.markdown !== undefined
      )
      await splitLongPages(split)
      await this.search.indexPages(
        trx,
        next.spaceId,
        organizationId,
        pages,
        start === 0 ? diff.removed : [],
        { deferFullText: options.deferFullText }
      )
    }
  }
}

/** The sections `splitter` knows of the pages given, by page id. */
async function knownSections(
  pages: TreePage[],
  splitter: SectionSplitter | undefined
): Promise<Map<string, Section[]>> {
  const known = new Map<string, Section[]>()
  const documented = pages.filter((page) => page.node.document)
  if (!splitter || documented.length === 0) return known
  const sections = await splitter(
    documented.map((page) => ({ title: page.node.title, document: page.node.document! }))
  )
  documented.forEach((page, index) => {
    if (sections[index]) known.set(page.node.id, sections[index])
  })
  return known
}

/**
 * Sections of long documents nothing remembers (written by another process, before a restart, or
 * by an import) are split in a worker thread: parsing them here would hold the event loop. If the
 * worker fails, the search index splits them in place, as for short ones.
 */
async function splitLongPages(pages: Array<IndexablePage & { markdown: string }>) {
  const long = pages.filter(
    (page) =>
      page.markdown.length >= OFF_LOOP_CHARACTERS &&
      !(page.document && remembersSections(page.document))
  )
  if (long.length === 0) return
  try {
    const sections = await contentWorkers.sections({
      pages: long.map(({ markdown, title }) => ({ markdown, title })),
    })
    long.forEach((page, index) => (page.sections = sections[index]))
  } catch (error) {
    logger.warn({ err: error }, 'splitting long pages for search in a worker failed')
  }
}
