import { randomBytes } from 'node:crypto'
import { paceLoop } from '#core/event_loop'
import { pageKey, pathSegments } from '#content/import/page_urls'
import type { Section } from '#content/search/sections'
import type { SectionSplitter } from '#content/services/content_events'
import type {
  ContentChange,
  CrawledPage,
  CrawlResult,
  ImportSink,
  ImportPlan,
  InsertFilesChange,
  InsertPageChange,
} from '#content/import/types'

/**
 * A crawl as one authoring batch: `insert_files` entries first (20 files each), then one
 * `insert_page` per page, parents before children.
 *
 * Hierarchy follows the site's paths: a page at `/docs/a/b` goes under the page of `/docs/a` when it
 * was imported, else under its nearest imported ancestor, else at the root. The start page is the
 * first root page and is nobody's parent (its directory is the crawl's scope, so every page would
 * otherwise sit under it). Siblings follow the site's table of contents (the order its navigation
 * lists them in, merged over the pages, see crawler.ts), then the crawl's breadth-first order.
 *
 * Pages and files keep the ids the crawl derived for them (their documents already link to those);
 * refs are `<prefix>-p<n>`, the prefix random per plan so refs cannot collide with an existing
 * page's path. Slugs come from the last path segment (unique
 * among the batch's siblings); titles from the page (`<h1>`, else `<title>`), else the slug.
 */

export interface ImportPlanOptions {
  /** Prefix of the batch's refs (random by default). */
  refPrefix?: string
  /** Where the crawl stored its pages (its sections are read back from it). */
  sink?: ImportSink
}

const FILES_PER_ENTRY = 20
const MAX_TITLE = 128
const MAX_SLUG = 100

export async function buildImportPlan(
  result: CrawlResult,
  options: ImportPlanOptions = {}
): Promise<ImportPlan> {
  const prefix = options.refPrefix ?? `import-${randomBytes(4).toString('hex')}`

  // Parent of each page: its nearest imported ancestor by path, the start page excluded.
  const byKey = new Map(result.pages.map((page) => [page.url, page]))
  const refs = new Map(result.pages.map((page, index) => [page.url, `${prefix}-p${index + 1}`]))
  const children = new Map<string | null, CrawledPage[]>()
  for (const page of result.pages) {
    // Thousands of pages, each parsing URLs: other requests get turns meanwhile.
    await paceLoop()
    const parent =
      page.url === result.startUrl ? null : nearestAncestor(page.url, byKey, result.startUrl)
    let siblings = children.get(parent)
    if (!siblings) children.set(parent, (siblings = []))
    siblings.push(page)
  }
  // Siblings follow the site's table of contents where it lists them, then the crawl's order.
  // The start page stays the first root page.
  const position = new Map(result.pages.map((page, index) => [page.url, index]))
  const rank = (page: CrawledPage) =>
    page.url === result.startUrl ? -1 : (page.tocRank ?? Number.MAX_SAFE_INTEGER)
  for (const siblings of children.values()) {
    siblings.sort((a, b) => rank(a) - rank(b) || position.get(a.url)! - position.get(b.url)!)
  }

  const pageChanges: InsertPageChange[] = []
  // Parents before children, depth first in sibling order, iteratively (paths may nest deeply).
  const slugsUnder = new Map<string | null, Set<string>>()
  const stack: Array<{ page: CrawledPage; parent: string | null }> = []
  const pushChildren = (parent: string | null) => {
    const below = children.get(parent) ?? []
    for (let i = below.length - 1; i >= 0; i--) stack.push({ page: below[i], parent })
  }
  pushChildren(null)
  while (stack.length > 0) {
    await paceLoop()
    const { page, parent } = stack.pop()!
    let slugs = slugsUnder.get(parent)
    if (!slugs) slugsUnder.set(parent, (slugs = new Set()))
    const fallbackTitle = humanize(pathSegments(page.url).at(-1) ?? '') || 'Home'
    const change: InsertPageChange = {
      operation: 'insert_page',
      id: page.id,
      ref: refs.get(page.url)!,
      title: truncate(page.title || fallbackTitle, MAX_TITLE),
      slug: uniqueSlug(slugOf(page.url, page.title), slugs),
      document: page.document === null ? { markdown: '' } : { stored: page.document },
    }
    if (parent) change.into = refs.get(parent)!
    pageChanges.push(change)
    pushChildren(page.url)
  }

  const fileChanges: InsertFilesChange[] = []
  for (let i = 0; i < result.images.length; i += FILES_PER_ENTRY) {
    fileChanges.push({
      operation: 'insert_files',
      files: result.images.slice(i, i + FILES_PER_ENTRY).map((image) => ({
        id: image.id,
        name: image.name,
        contentType: image.contentType,
        stored: {
          blob: image.blob,
          size: image.size,
          ...(image.dimensions ? { dimensions: image.dimensions } : {}),
        },
      })),
    })
  }

  const changes: ContentChange[] = [...fileChanges, ...pageChanges]
  const sink = options.sink
  const splitSections: SectionSplitter = async (pages) => {
    const kept = sink?.sectionsOf
      ? await sink.sectionsOf(pages.map((page) => page.document))
      : new Map<string, Section[]>()
    return pages.map((page) => {
      const sections = kept.get(page.document)
      // Kept with an empty first title: the page's title goes there, as splitSections puts it.
      return sections?.map((section, index) =>
        index === 0 ? { ...section, title: page.title } : section
      )
    })
  }
  return {
    splitSections,
    done: async () => {
      await sink?.close?.()
    },
    changes,
    importedResources: result.pages.length + result.images.length,
    totalResources: Math.max(result.totalResources, result.pages.length + result.images.length),
    failures: result.failures,
    ...(result.limited ? { limited: result.limited } : {}),
  }
}

function nearestAncestor(
  key: string,
  pages: Map<string, unknown>,
  startKey: string
): string | null {
  const url = new URL(key)
  const segments = pathSegments(key)
  for (let length = segments.length - 1; length >= 0; length--) {
    const path = `/${segments.slice(0, length).join('/')}`
    // `/a/b` sits under `/a/` or `/a`, and on sites that spell pages with extensions under `/a.html`.
    const spellings = length === 0 ? [path] : [`${path}/`, path, `${path}.html`, `${path}.htm`]
    for (const spelling of spellings) {
      url.pathname = spelling
      const candidate = pageKey(url)
      if (candidate !== startKey && pages.has(candidate)) return candidate
    }
  }
  return null
}

function slugOf(key: string, title: string): string {
  const segment = decodeURIComponent(pathSegments(key).at(-1) ?? '').replace(
    /\.(html?|php|aspx?)$/i,
    ''
  )
  return slugify(segment) || slugify(title) || 'page'
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '')
}

function uniqueSlug(slug: string, taken: Set<string>): string {
  let candidate = slug
  for (let n = 2; taken.has(candidate); n++) {
    const suffix = `-${n}`
    candidate = `${slug.slice(0, MAX_SLUG - suffix.length)}${suffix}`
  }
  taken.add(candidate)
  return candidate
}

function humanize(segment: string): string {
  const words = decodeURIComponent(segment)
    .replace(/\.(html?|php|aspx?)$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
  return words ? words[0].toUpperCase() + words.slice(1) : ''
}

function truncate(text: string, max: number): string {
  const points = [...text]
  return points.length > max ? `${points.slice(0, max - 1).join('')}…` : text
}
