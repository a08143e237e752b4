import { createHash } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { LRUCache } from 'lru-cache'
import ContentStore from '#content/services/content_store'
import ContentReadService from '#content/services/content_read_service'
import type { RenderedHtml } from '#content/markdown/html'
import { renderPageHtml } from '#content/services/html_rendering'
import { embeddedRefsIn } from '#content/markdown/embedded_blocks'
import {
  EmbeddedBlocks,
  NO_PREPARED_BLOCKS,
  type PreparedBlocks,
} from '#content/contracts/embedded_blocks'
import type { RevisionTree, TreePage } from '#content/types'
import { conditionHolds } from '#sites/conditions'
import { loadSiteStructure, type SiteStructure } from '#sites/services/site_structure_service'
import { locateIn, rootPath, type LocatedSite, type Location } from '#sites/services/site_locator'
import type { SiteSpaceRecord } from '#sites/records'
import type { Visitor } from '#sites/services/site_visitor_service'

/** The pages of a revision a visitor may reach, in tree order. */
export type ReaderPages = {
  /** Reachable pages (documents and groups), also hidden ones, by path. */
  byPath: Map<string, TreePage>
  byId: Map<string, TreePage>
  /** Reachable documents in reading order, hidden ones left out (previous/next, llms.txt). */
  reading: TreePage[]
  readingIndex: Map<string, number>
  /** The page shown at the site space's own URL. */
  first: TreePage | undefined
  /** Pages of the revision a condition hides from this visitor (with everything under them). */
  unreachable: string[]
  /** Which pages' conditions held: part of every cache key of what is built from these pages. */
  key: string
}

/** A site opened for one visitor at one path: what they see of it, and where they are. */
export type SiteView = {
  located: LocatedSite
  visitor: Visitor
  /** The sections, groups and site spaces this visitor may see. */
  structure: SiteStructure
  location: Location
  space: { id: string; title: string; revisionId: string }
  tree: RevisionTree
  pages: ReaderPages
  /** Path of the site space's URL (no trailing slash, `` for a host's root). */
  spaceBase: string
}

const readerPages = new WeakMap<RevisionTree, Map<string, ReaderPages>>()
const pageConditions = new WeakMap<RevisionTree, string[]>()
/** Rendered page bodies; revisions never change, so the key names everything the HTML depends on. */
const bodies = new LRUCache<string, RenderedHtml>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (value) => value.html.length * 2 + 64,
})

/**
 * The published reader's view of a site: the structure and pages a visitor may see (conditions
 * evaluated against their claims), which site space and page a path names, page bodies rendered
 * once per revision, and the URLs of pages.
 */
@inject()
export default class PublishedSiteService {
  constructor(
    private store: ContentStore,
    private reads: ContentReadService,
    private embeddedBlocks: EmbeddedBlocks
  ) {}

  /**
   * The site space a path below the site's base names, with its space's current revision; null when
   * the path names nothing this visitor may see.
   */
  async open(located: LocatedSite, visitor: Visitor, segments: string[]): Promise<SiteView | null> {
    const structure = await this.structureFor(located, visitor)
    const location = locateIn(located.site, structure, segments)
    return location ? this.viewOf(located, visitor, structure, location) : null
  }

  /**
   * Opens every site space the visitor may see (llms.txt, sitemaps, search), in the structure's
   * order, or those `wanted` keeps; the structure is read once for all of them.
   */
  async openAll(
    located: LocatedSite,
    visitor: Visitor,
    wanted: (siteSpace: SiteSpaceRecord) => boolean = () => true
  ): Promise<SiteView[]> {
    const structure = await this.structureFor(located, visitor)
    const { site } = located
    const views: SiteView[] = []
    for (const siteSpace of structure.siteSpaces.filter(wanted)) {
      const section = structure.sections.find((s) => s.id === siteSpace.siteSectionId) ?? null
      const consumed = [
        ...(section && section.id !== site.defaultSiteSectionId ? [section.path] : []),
        ...(siteSpace.id !== (section ? section.defaultSiteSpaceId : site.defaultSiteSpaceId)
          ? [siteSpace.path]
          : []),
      ]
      const view = await this.viewOf(located, visitor, structure, {
        section,
        siteSpace,
        consumed,
        rest: [],
      })
      if (view) views.push(view)
    }
    return views
  }

  private async structureFor(located: LocatedSite, visitor: Visitor) {
    return visibleStructure(await loadSiteStructure(db, located.site.id), visitor)
  }

  /** The view of one site space: its space's current revision (null once the space is deleted). */
  private async viewOf(
    located: LocatedSite,
    visitor: Visitor,
    structure: SiteStructure,
    location: Location
  ): Promise<SiteView | null> {
    const space = await db
      .from('spaces')
      .where('id', location.siteSpace.spaceId)
      .whereNull('deleted_at')
      .select('id', 'title', 'revision_id')
      .first()
    if (!space) return null
    const tree = await this.store.loadTree(db.connection(), space.id, space.revision_id)
    return {
      located,
      visitor,
      structure,
      location,
      space: { id: space.id, title: space.title, revisionId: space.revision_id },
      tree,
      pages: pagesFor(tree, visitor),
      spaceBase: [rootPath(located), ...location.consumed.map(encodeURIComponent)].join('/'),
    }
  }

  /** The URL path of a page (the site space's own URL for its first page). */
  pageUrl(view: Pick<SiteView, 'spaceBase' | 'pages'>, page: TreePage): string {
    if (page === view.pages.first) return view.spaceBase || '/'
    return `${view.spaceBase}/${encodedPath(page)}`
  }

  /** The URL path of a page's markdown (`.md` after its own path). */
  markdownUrl(view: Pick<SiteView, 'spaceBase'>, page: TreePage): string {
    return `${view.spaceBase}/${encodedPath(page)}.md`
  }

  /** Where a file of the revision is served to readers of this site space. */
  fileUrl(view: Pick<SiteView, 'spaceBase' | 'tree'>, fileId: string): string | undefined {
    const file = view.tree.files.find((candidate) => candidate.id === fileId)
    if (!file) return undefined
    return `${view.spaceBase}/~files/${encodeURIComponent(file.id)}/${encodeURIComponent(file.name)}`
  }

  /** A page moved or renamed since a path was its own: the page at its new path, if reachable. */
  async movedPage(view: SiteView, path: string): Promise<TreePage | null> {
    const page = await this.reads.formerPage(view.tree, path)
    return page && view.pages.byId.has(page.node.id) ? page : null
  }

  /** The page's markdown ('' for groups). */
  markdownOf(view: SiteView, page: TreePage): Promise<string> {
    return this.reads.markdownOf(view.tree, page)
  }

  /**
   * What the page's embedded blocks (OpenAPI operations) show, loaded for the site's organization:
   * its key goes into the page's validator and body cache key.
   */
  async embeddedOf(view: SiteView, page: TreePage): Promise<PreparedBlocks> {
    const refs = embeddedRefsIn(await this.markdownOf(view, page))
    if (refs.length === 0) return NO_PREPARED_BLOCKS
    return this.embeddedBlocks.prepare(view.located.site.organizationId, refs)
  }

  /**
   * The page's body as sanitized HTML, with links to pages and files pointing into this site
   * space; rendered once per revision, site space URL and embedded blocks' data.
   */
  async body(
    view: SiteView,
    page: TreePage,
    embedded: PreparedBlocks = NO_PREPARED_BLOCKS
  ): Promise<RenderedHtml> {
    const key = `${view.spaceBase}\n${view.tree.spaceId}\n${view.tree.id}\n${page.node.id}\n${view.pages.first?.node.id}\n${embedded.key}`
    const cached = bodies.get(key)
    if (cached) return cached
    const markdown = await this.markdownOf(view, page)
    const rendered = await renderPageHtml(markdown, {
      embedded,
      pagePath: page.path,
      pageHasChildren: page.children.length > 0,
      pageUrl: (target) => {
        const linked = target.pageId
          ? view.tree.byId.get(target.pageId)
          : this.reads.findByPath(view.tree, target.path ?? '')
        if (!linked) return undefined
        const url = this.pageUrl(view, linked)
        return target.anchor ? `${url}#${encodeURIComponent(target.anchor)}` : url
      },
      fileUrl: (fileId) => this.fileUrl(view, fileId),
    })
    bodies.set(key, rendered)
    return rendered
  }

  /**
   * A validator of what a page shows this visitor: the revision, the page, the visible structure,
   * the site's settings and the visitor's claims and theme.
   */
  etag(view: SiteView, extra: string): string {
    const hash = createHash('sha1')
    hash.update(
      JSON.stringify([
        RENDER_VERSION,
        view.located.site,
        view.located.reader.updatedAt,
        view.structure,
        view.tree.id,
        view.pages.key,
        view.visitor.claims,
        view.visitor.theme,
        view.visitor.preview,
        extra,
      ])
    )
    return `W/"${hash.digest('base64url')}"`
  }
}

/** Changes whenever the reader's HTML changes for the same content. */
const RENDER_VERSION = 2

/** The pages above `page` in its tree, from the top level down to its parent. */
export function ancestorsOf(tree: RevisionTree, page: TreePage): TreePage[] {
  const ancestors: TreePage[] = []
  for (let p = page.parentId ? tree.byId.get(page.parentId) : undefined; p;) {
    ancestors.unshift(p)
    p = p.parentId ? tree.byId.get(p.parentId) : undefined
  }
  return ancestors
}

/** A page's path in a URL: each slug encoded. */
function encodedPath(page: TreePage): string {
  return page.path.split('/').map(encodeURIComponent).join('/')
}

/**
 * The parts of a site a visitor sees: sections and site spaces whose condition holds for their
 * claims (all of them in a preview), and only groups that still hold a section.
 */
export function visibleStructure(structure: SiteStructure, visitor: Visitor): SiteStructure {
  if (visitor.preview) return structure
  const sections = structure.sections.filter((s) => conditionHolds(s.condition, visitor))
  const sectionIds = new Set(sections.map((s) => s.id))
  const siteSpaces = structure.siteSpaces.filter(
    (s) =>
      (s.siteSectionId === null || sectionIds.has(s.siteSectionId)) &&
      conditionHolds(s.condition, visitor)
  )
  const withSpaces = new Set(siteSpaces.map((s) => s.siteSectionId))
  const shown = sections.filter((s) => withSpaces.has(s.id))
  const groups = structure.groups.filter((g) => shown.some((s) => s.sectionGroupId === g.id))
  return { sections: shown, groups, siteSpaces }
}

/**
 * The pages of a revision a visitor may reach: a page whose condition fails is gone with its
 * children. Built once per revision and set of conditions that held.
 */
export function pagesFor(tree: RevisionTree, visitor: Visitor): ReaderPages {
  let conditions = pageConditions.get(tree)
  if (!conditions) {
    conditions = [
      ...new Set(
        [...tree.byId.values()].flatMap((p) => (p.node.condition ? [p.node.condition] : []))
      ),
    ]
    pageConditions.set(tree, conditions)
  }
  const held = new Set(
    visitor.preview ? conditions : conditions.filter((c) => conditionHolds(c, visitor))
  )
  const key = conditions.map((c) => (held.has(c) ? '1' : '0')).join('')
  let forTree = readerPages.get(tree)
  // Many distinct sets of conditions (claims of many kinds): keep the last few only.
  if (forTree && forTree.size >= 64) forTree.clear()
  if (!forTree) {
    forTree = new Map()
    readerPages.set(tree, forTree)
  }
  const cached = forTree.get(key)
  if (cached) return cached

  const pages: ReaderPages = {
    byPath: new Map(),
    byId: new Map(),
    reading: [],
    readingIndex: new Map(),
    first: undefined,
    unreachable: [],
    key,
  }
  const hide = (page: TreePage) => {
    pages.unreachable.push(page.node.id)
    for (const child of page.children) hide(child)
  }
  const walk = (list: TreePage[], hiddenAbove: boolean) => {
    for (const page of list) {
      if (page.node.condition && !held.has(page.node.condition)) {
        hide(page)
        continue
      }
      const hidden = hiddenAbove || page.node.hidden === true
      if (page.node.type !== 'link') {
        pages.byId.set(page.node.id, page)
        if (!pages.byPath.has(page.path)) pages.byPath.set(page.path, page)
      }
      if (page.node.type === 'document' && !hidden) {
        pages.readingIndex.set(page.node.id, pages.reading.length)
        pages.reading.push(page)
      }
      walk(page.children, hidden)
    }
  }
  walk(tree.pages, false)
  pages.first = pages.reading[0]
  forTree.set(key, pages)
  return pages
}
