import { inject } from '@adonisjs/core'
import { LRUCache } from 'lru-cache'
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { SpaceAccess } from '#spaces/records'
import { ContentBranches, type BranchTarget } from '#content/contracts/content_branches'
import ContentStore, { hashObject } from '#content/services/content_store'
import FormerPathsService, { normalizePagePath } from '#content/services/former_paths_service'
import { convertedJson, readDocumentJson } from '#content/services/document_json'
import { deriveStored, OFF_LOOP_CHARACTERS } from '#content/services/page_derivation'
import { linkSites, type LinkSite } from '#content/markdown/links'
import { parseMarkdown } from '#content/markdown/parse'
import { relativeRefs } from '#content/markdown/relative_refs'
import type { FileEntry, ReusableContentEntry, RevisionTree, TreePage } from '#content/types'

/** A target of a page's meta links: a page (of this space unless `space` says) or a URL. */
export type PageMetaLinkTarget =
  { kind: 'page'; page: string; space?: string } | { kind: 'url'; url: string }

/** A page's SEO meta links (GitBook's RevisionPageMetaLinks). */
export interface PageMetaLinks {
  canonical?: PageMetaLinkTarget
  alternates: PageMetaLinkTarget[]
}

/** How a markdown read writes page links (GitBook's `format.markdown.refs`). */
export type MarkdownRefs = 'relative' | 'stable'

/**
 * What a content read points at: the space's current revision or any revision of the space (a
 * branch's head is read through the route's branch parameter, or ReadTarget's `revision`).
 */
export type ReadTarget = { kind: 'space' } | { kind: 'revision'; revision: string }

export interface ResolvedRead {
  access: SpaceAccess
  tree: RevisionTree
  /** The branch whose head this is, when the route named one. */
  branch?: BranchTarget
}

const pathIndexes = new WeakMap<RevisionTree, Map<string, TreePage>>()

/**
 * The link sites of a stored document (`relative` markdown reads), by its hash: a document never
 * changes, so this cache can only be cold. A long document's are made in a worker thread, once
 * however many reads ask at the same time; undefined (not cached) if that worker failed.
 */
const linkSitesCache = new LRUCache<string, LinkSite[], string>({
  maxSize: 500_000,
  sizeCalculation: (sites) => sites.length + 1,
  ignoreFetchAbort: true,
  fetchMethod: async (_hash, _stale, { context: markdown }) => {
    if (markdown.length < OFF_LOOP_CHARACTERS) return linkSites(parseMarkdown(markdown), markdown)
    const derived = await deriveStored(markdown)
    return derived?.sites
  },
})

/**
 * Resolves the revision a content read is about, for a caller who may read the space (404 otherwise,
 * as for an unknown space), and looks things up in it. Revisions are immutable and cached by the
 * store, so a read is the access check (with a branch's lookup) and the cached tree.
 */
@inject()
export default class ContentReadService {
  constructor(
    private access: SpaceAccessService,
    private branches: ContentBranches,
    private store: ContentStore,
    private formerPaths: FormerPathsService
  ) {}

  /** The space a caller may read (404 otherwise). */
  spaceFor(userId: string, spaceId: string): Promise<SpaceAccess> {
    return this.access.spaceFor(userId, spaceId)
  }

  /**
   * The branch named by a route parameter registered by a domain above content
   * (`changeRequestId`), if the route has one.
   */
  async branchOf(
    access: SpaceAccess,
    params: Record<string, unknown>
  ): Promise<BranchTarget | undefined> {
    for (const [param, resolve] of this.branches.resolvers) {
      const value = params[param]
      if (typeof value === 'string') return resolve(access, value)
    }
    return undefined
  }

  /**
   * The revision named by a content route's parameters: a branch's head, `revisionId`, or neither
   * (the space's current revision).
   */
  async resolveRoute(userId: string, params: Record<string, unknown>): Promise<ResolvedRead> {
    const access = await this.access.spaceFor(userId, String(params.spaceId))
    const branch = await this.branchOf(access, params)
    const revisionId =
      branch?.headRevisionId ??
      (typeof params.revisionId === 'string' ? params.revisionId : access.space.revisionId)
    const tree = await this.store.loadTree(db.connection(), access.space.id, revisionId)
    return { access, tree, branch }
  }

  /** The space's current revision or one of its revisions. */
  async resolve(userId: string, spaceId: string, target: ReadTarget): Promise<ResolvedRead> {
    const access = await this.access.spaceFor(userId, spaceId)
    const revisionId = target.kind === 'revision' ? target.revision : access.space.revisionId
    return { access, tree: await this.store.loadTree(db.connection(), access.space.id, revisionId) }
  }

  page(tree: RevisionTree, pageId: string): TreePage {
    const page = tree.byId.get(pageId)
    if (!page) throw NotFoundException.resource('page', pageId)
    return page
  }

  /** The document or group page at a slash path (`guides/intro`); links have no path of their own. */
  pageByPath(tree: RevisionTree, path: string): TreePage {
    const page = this.findByPath(tree, path)
    if (!page) {
      const normalized = normalizePagePath(path)
      throw new NotFoundException(`No page at path "${normalized.slice(0, 200)}" could be found`)
    }
    return page
  }

  /** The document or group page at a slash path, if there is one. */
  findByPath(tree: RevisionTree, path: string): TreePage | undefined {
    let index = pathIndexes.get(tree)
    if (!index) {
      index = new Map()
      for (const page of tree.byId.values()) {
        if (page.node.type !== 'link' && !index.has(page.path)) index.set(page.path, page)
      }
      pathIndexes.set(tree, index)
    }
    return index.get(normalizePagePath(path))
  }

  /**
   * The page of `tree` that once lived at `path` (moved or renamed since), at its path in `tree`;
   * null when no page left that path or that page is gone from `tree`. Every path a page left points
   * at its id, so a chain of renames (A to B to C) resolves A and B alike. A path a page holds in
   * `tree` is that page's: ask pageByPath first, and this only when it finds nothing.
   */
  async formerPage(tree: RevisionTree, path: string): Promise<TreePage | null> {
    const pageId = await this.formerPaths.pageIdAt(db.connection(), tree.spaceId, path)
    return (pageId && tree.byId.get(pageId)) || null
  }

  file(tree: RevisionTree, fileId: string): FileEntry {
    const file = tree.files.find((candidate) => candidate.id === fileId)
    if (!file) throw NotFoundException.resource('file', fileId)
    return file
  }

  reusableContent(tree: RevisionTree, id: string): ReusableContentEntry {
    const found = tree.reusableContents.find((candidate) => candidate.id === id)
    if (!found) throw NotFoundException.resource('reusable content', id)
    return found
  }

  /** Markdown body of a document page ('' for a page without a document). */
  async markdownOf(tree: RevisionTree, page: TreePage): Promise<string> {
    if (!page.node.document) return ''
    return this.store.readDocument(db.connection(), tree.spaceId, page.node.document)
  }

  /**
   * A page's meta links (GitBook's `…/page/{pageId}/meta-links`): the canonical URL and the
   * alternates a site's `<head>` gives for the page. These are page settings, not links written in
   * the page, and Bindery keeps none (Git Sync's `metaLinks` front matter is not stored): a page's
   * canonical is its own URL, so the answer has no `canonical` and no alternates.
   */
  metaLinks(_page: TreePage): PageMetaLinks {
    return { alternates: [] }
  }

  /**
   * The markdown of a document page as a markdown read answers it: `stable` as stored
   * (`/pages/<id>`, `/files/<id>`), `relative` with page links relative to the page's Git Sync file
   * (relativeRefs). A document's link sites are made once (linkSitesCache); a long document's in a
   * worker thread, so the event loop never parses it (should the worker fail, its links stay as
   * stored); a document without page links is not parsed at all.
   */
  async markdownRead(tree: RevisionTree, page: TreePage, refs: MarkdownRefs): Promise<string> {
    const markdown = await this.markdownOf(tree, page)
    const hash = page.node.document
    if (refs === 'stable' || !hash || !markdown.includes('/pages/')) return markdown
    const sites = await linkSitesCache.fetch(hash, { context: markdown })
    if (!sites) return markdown
    return relativeRefs(markdown, sites, page, tree.byId)
  }

  /**
   * GitBook's JSON document of a document page, as JSON text: stored with the page's document
   * (converted and stored on the first read for documents written before that).
   */
  async documentJsonOf(tree: RevisionTree, page: TreePage): Promise<string> {
    if (!page.node.document) return convertedJson(hashObject('document', ''), '')
    return readDocumentJson(this.store, db.connection(), tree.spaceId, page.node.document)
  }
}
