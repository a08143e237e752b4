import { inject } from '@adonisjs/core'
import { LRUCache } from 'lru-cache'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { appUrl } from '#config/app'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { DEFAULT_PAGE_SIZE } from '#core/http/pagination'
import { classifyTarget } from '#content/markdown/links'
import { readFacts } from '#content/services/document_facts'
import { pageAtPath } from '#content/services/path_links'
import type { RevisionTree, TreePage } from '#content/types'
import ContentStore from '#content/services/content_store'

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const
export type LinkStatus = (typeof LINK_STATUSES)[number]

/** GitBook ContentRef shapes. A page link with an anchor is GitBook's `anchor` ref naming its page. */
export type TargetReference =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page?: string }
  | { kind: 'file'; file: string }

/**
 * One link or image of one page of a revision. `relation` is `reference` for links and `embed` for
 * images. `index` is the link's position in the whole revision (page tree order, then document order).
 */
export interface AnalyzedLink {
  index: number
  pageId: string
  status: LinkStatus
  relation: 'reference' | 'embed'
  target: TargetReference
  /** What identifies "the same link" across revisions: page and target. */
  key: string
}

export interface RevisionLinks {
  revisionId: string
  links: AnalyzedLink[]
  /** Links held by each page (pages without links are absent). */
  byPage: Map<string, AnalyzedLink[]>
  /** Pages linking to or embedding each file, in page tree order, once each. */
  fileBacklinks: Map<string, string[]>
}

export interface LinkStats {
  total: number
  broken: { total: number; changeRequest: number }
}

/** Analyses are immutable per revision: a cache can only be cold, never stale. */
const analyses = new LRUCache<string, RevisionLinks>({
  maxSize: 2_000_000,
  sizeCalculation: (analysis) => analysis.links.length + analysis.fileBacklinks.size + 1,
})

export function pagesInTreeOrder(tree: RevisionTree): TreePage[] {
  const ordered: TreePage[] = []
  const walk = (pages: TreePage[]) => {
    for (const page of pages) {
      ordered.push(page)
      walk(page.children)
    }
  }
  walk(tree.pages)
  return ordered
}

/**
 * Link analysis of revisions: every link and image of every page's markdown, classified against the
 * revision (pages, their heading anchors, files). Absolute URLs are never fetched.
 */
@inject()
export default class LinkAnalysis {
  constructor(private store: ContentStore) {}

  async analyze(
    client: QueryClientContract,
    spaceId: string,
    revisionId: string
  ): Promise<RevisionLinks> {
    const key = `${spaceId}:${revisionId}`
    const cached = analyses.get(key)
    if (cached) return cached
    const tree = await this.store.loadTree(client, spaceId, revisionId)
    const analysis = await this.build(client, tree)
    analyses.set(key, analysis)
    return analysis
  }

  /** The revision's tree (cached by the content store). */
  tree(client: QueryClientContract, spaceId: string, revisionId: string): Promise<RevisionTree> {
    return this.store.loadTree(client, spaceId, revisionId)
  }

  private async build(client: QueryClientContract, tree: RevisionTree): Promise<RevisionLinks> {
    const pages = pagesInTreeOrder(tree)
    const facts = await readFacts(
      this.store,
      client,
      tree.spaceId,
      pages.flatMap((page) => (page.node.document ? [page.node.document] : []))
    )
    const fileIds = new Set(tree.files.map((file) => file.id))
    const anchorsByPage = new Map<string, Set<string>>()
    const anchorsOf = (pageId: string) => {
      let anchors = anchorsByPage.get(pageId)
      if (!anchors) {
        const hash = tree.byId.get(pageId)?.node.document
        anchors = new Set(hash ? (facts.get(hash)?.anchors ?? []) : [])
        anchorsByPage.set(pageId, anchors)
      }
      return anchors
    }

    const links: AnalyzedLink[] = []
    const byPage = new Map<string, AnalyzedLink[]>()
    const fileBacklinks = new Map<string, string[]>()
    for (const page of pages) {
      const documentFacts = page.node.document ? facts.get(page.node.document) : undefined
      if (!documentFacts) continue
      const pageId = page.node.id
      const held: AnalyzedLink[] = []
      for (const link of documentFacts.links) {
        const target = classifyTarget(link.url, {
          pagePath: page.path,
          pageHasChildren: page.children.length > 0,
          appUrl,
        })
        let status: LinkStatus = 'ok'
        let reference: TargetReference
        switch (target.type) {
          case 'page': {
            const exists = tree.byId.has(target.pageId)
            status =
              exists && (!target.anchor || anchorsOf(target.pageId).has(target.anchor))
                ? 'ok'
                : 'broken'
            reference = target.anchor
              ? { kind: 'anchor', anchor: target.anchor, page: target.pageId }
              : { kind: 'page', page: target.pageId }
            break
          }
          case 'anchor':
            status = anchorsOf(pageId).has(target.anchor) ? 'ok' : 'broken'
            reference = { kind: 'anchor', anchor: target.anchor }
            break
          case 'file': {
            status = fileIds.has(target.fileId) ? 'ok' : 'broken'
            reference = { kind: 'file', file: target.fileId }
            if (status === 'ok') {
              const holders = fileBacklinks.get(target.fileId) ?? []
              if (holders[holders.length - 1] !== pageId) holders.push(pageId)
              fileBacklinks.set(target.fileId, holders)
            }
            break
          }
          case 'page-path': {
            // A path written before its page existed: it works as soon as a page holds the path.
            const found = pageAtPath(tree, target.path)
            if (!found) {
              status = 'broken'
              reference = { kind: 'url', url: link.url }
              break
            }
            const foundId = found.node.id
            status = !target.anchor || anchorsOf(foundId).has(target.anchor) ? 'ok' : 'broken'
            reference = target.anchor
              ? { kind: 'anchor', anchor: target.anchor, page: foundId }
              : { kind: 'page', page: foundId }
            break
          }
          case 'ref':
            // Not given any refs here: refs live within their batch.
            status = 'broken'
            reference = { kind: 'url', url: link.url }
            break
          case 'url':
            status = target.inApp ? 'in-app' : 'ok'
            reference = { kind: 'url', url: link.url }
            break
          case 'other': {
            // A scheme (mailto:, tel:) or a protocol-relative URL leaves the space: not checked.
            // Anything else (`./diagram.png`, a path above the space, `/elsewhere`, empty) is
            // relative to the space and names nothing in it.
            const external =
              /^[A-Za-z][A-Za-z0-9+.-]*:/.test(link.url.trim()) || link.url.trim().startsWith('//')
            status = external ? 'ok' : 'broken'
            reference = { kind: 'url', url: link.url }
            break
          }
        }
        const analyzed: AnalyzedLink = {
          index: links.length,
          pageId,
          status,
          relation: link.kind === 'image' ? 'embed' : 'reference',
          target: reference,
          key: `${pageId}\n${link.kind}\n${JSON.stringify(reference)}`,
        }
        links.push(analyzed)
        held.push(analyzed)
      }
      if (held.length > 0) byPage.set(pageId, held)
    }
    return { revisionId: tree.id, links, byPage, fileBacklinks }
  }

  /**
   * Broken links of `head` that `base` does not have (by page and target, counted with
   * multiplicity), optionally only those held by one page.
   */
  introducedBroken(base: RevisionLinks, head: RevisionLinks, pageId?: string): number {
    const select = (analysis: RevisionLinks) =>
      (pageId ? (analysis.byPage.get(pageId) ?? []) : analysis.links).filter(
        (link) => link.status === 'broken'
      )
    const before = new Map<string, number>()
    for (const link of select(base)) before.set(link.key, (before.get(link.key) ?? 0) + 1)
    let introduced = 0
    for (const link of select(head)) {
      const left = before.get(link.key) ?? 0
      if (left > 0) before.set(link.key, left - 1)
      else introduced++
    }
    return introduced
  }

  /**
   * Broken links a branch introduces: broken in its head, not in the space revision it compares
   * against (a change request's last update from the space, else the revision it started from).
   */
  async brokenIntroducedBy(
    client: QueryClientContract,
    spaceId: string,
    branch: { headRevisionId: string; baseRevisionId: string },
    pageId?: string
  ): Promise<number> {
    if (branch.baseRevisionId === branch.headRevisionId) return 0
    const [base, head] = await Promise.all([
      this.analyze(client, spaceId, branch.baseRevisionId),
      this.analyze(client, spaceId, branch.headRevisionId),
    ])
    return this.introducedBroken(base, head, pageId)
  }
}

/**
 * Cursors of in-memory listings of one immutable revision: the revision and the position of the
 * last item handed out. Following pages read the same revision, so they are stable even when the
 * space or change request moves on meanwhile.
 */
export function encodeRevisionCursor(revisionId: string, index: number): string {
  return Buffer.from(JSON.stringify([revisionId, index])).toString('base64url')
}

export function decodeRevisionCursor(page: string): { revisionId: string; index: number } {
  try {
    const value = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      /^[A-Za-z0-9_-]{1,64}$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] >= 0
    ) {
      return { revisionId: value[0], index: value[1] }
    }
  } catch {}
  throw BadRequestException.invalid({
    field: 'page',
    message: `"${page.slice(0, 64)}" is not a valid page cursor`,
  })
}

/**
 * One page of items listed after the cursor's position; `positionOf` gives an item's position
 * in the revision-wide order.
 */
export function pageAfter<T>(
  items: T[],
  positionOf: (item: T) => number,
  revisionId: string,
  options: { after?: number; limit?: number }
): { items: T[]; next?: { page: string } } {
  const limit = options.limit ?? DEFAULT_PAGE_SIZE
  const after = options.after
  let start = 0
  if (after !== undefined) {
    // Items are sorted by position: binary search the first one after the cursor.
    let low = 0
    let high = items.length
    while (low < high) {
      const mid = (low + high) >> 1
      if (positionOf(items[mid]) <= after) low = mid + 1
      else high = mid
    }
    start = low
  }
  const slice = items.slice(start, start + limit)
  const hasMore = start + limit < items.length
  const last = slice[slice.length - 1]
  return {
    items: slice,
    next:
      hasMore && last !== undefined
        ? { page: encodeRevisionCursor(revisionId, positionOf(last)) }
        : undefined,
  }
}
