import { randomBytes } from 'node:crypto'
import { htmlToMarkdown } from '#content/import/html_to_markdown'
import { assertContentLimits } from '#content/markdown/parse'
import { ContentLimitError } from '#content/markdown/limits'
import { pageKey, pathSegments } from '#content/import/page_urls'
import type {
  ContentChange,
  CrawlResult,
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
 * otherwise sit under it). Siblings keep the crawl's breadth-first order.
 *
 * Refs are `<prefix>-p<n>` for pages and `<prefix>-f<n>` for files, the prefix random per plan so
 * refs cannot collide with an existing page's path. Slugs come from the last path segment (unique
 * among the batch's siblings); titles from the page (`<h1>`, else `<title>`), else the slug.
 */

export interface ImportPlanOptions {
  /** Prefix of the batch's refs (random by default). */
  refPrefix?: string
}

const FILES_PER_ENTRY = 20
const MAX_TITLE = 128
const MAX_SLUG = 100

export function buildImportPlan(result: CrawlResult, options: ImportPlanOptions = {}): ImportPlan {
  const prefix = options.refPrefix ?? `import-${randomBytes(4).toString('hex')}`

  const fileRefs = new Map<string, string>()
  const files = result.images.map((image, index) => {
    const ref = `${prefix}-f${index + 1}`
    fileRefs.set(image.url, ref)
    return { ref, name: image.name, contentType: image.contentType, bytes: image.bytes }
  })

  const pageRefs = new Map<string, string>()
  result.pages.forEach((page, index) => {
    const ref = `${prefix}-p${index + 1}`
    for (const key of [page.url, ...page.aliases]) if (!pageRefs.has(key)) pageRefs.set(key, ref)
  })

  // Parent of each page: its nearest imported ancestor by path, the start page excluded.
  const byKey = new Map(result.pages.map((page) => [page.url, page]))
  const children = new Map<string | null, string[]>()
  for (const page of result.pages) {
    const parent =
      page.url === result.startUrl ? null : nearestAncestor(page.url, byKey, result.startUrl)
    children.set(parent, [...(children.get(parent) ?? []), page.url])
  }

  // A page over the content limits keeps its place in the tree, without its content, and is
  // listed with the failures: one hostile page does not fail the whole import.
  const failures = [...result.failures]
  const withinLimits = (url: string, convert: () => string) => {
    try {
      const markdown = convert()
      assertContentLimits(markdown)
      return markdown
    } catch (error) {
      if (!(error instanceof ContentLimitError)) throw error
      failures.push({ url, kind: 'page', reason: `${error.message}: its content was left out` })
      return ''
    }
  }
  const pageChanges: InsertPageChange[] = []
  const emit = (parent: string | null) => {
    const slugs = new Set<string>()
    for (const key of children.get(parent) ?? []) {
      const page = byKey.get(key)!
      const fallbackTitle = humanize(pathSegments(key).at(-1) ?? '') || 'Home'
      const change: InsertPageChange = {
        operation: 'insert_page',
        ref: pageRefs.get(key)!,
        title: truncate(page.title || fallbackTitle, MAX_TITLE),
        slug: uniqueSlug(slugOf(key, page.title), slugs),
        document: {
          markdown: withinLimits(key, () =>
            htmlToMarkdown(page.contentHtml, {
              pageRef: (url) => pageRefs.get(safeKey(url) ?? ''),
              fileRef: (url) => fileRefs.get(url),
            })
          ),
        },
      }
      if (parent) change.into = pageRefs.get(parent)!
      pageChanges.push(change)
      emit(key)
    }
  }
  emit(null)

  const fileChanges: InsertFilesChange[] = []
  for (let i = 0; i < files.length; i += FILES_PER_ENTRY) {
    fileChanges.push({ operation: 'insert_files', files: files.slice(i, i + FILES_PER_ENTRY) })
  }

  const changes: ContentChange[] = [...fileChanges, ...pageChanges]
  return {
    changes,
    importedResources: result.pages.length + result.images.length,
    totalResources: Math.max(result.totalResources, result.pages.length + result.images.length),
    failures,
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

function safeKey(url: string): string | undefined {
  try {
    return pageKey(url)
  } catch {
    return undefined
  }
}
