import { toString } from 'mdast-util-to-string'
import type { Definition, Root } from 'mdast'
import { isWellFormedId } from '#core/ids'
import { parseMarkdown, visit } from '#content/markdown/parse'

/**
 * A link or image of a markdown document, as written.
 *
 * - `url` is the destination as the parser reads it (escapes and character references decoded);
 *   for reference-style links, the definition's.
 * - `line`/`column` (1-based) and `offset` (UTF-16 offsets, end exclusive) span the whole link.
 * - `destination` spans the URL's text in the source (for reference-style links: in the definition,
 *   so several links may share it); absent for an empty destination (`[a]()`) and for autolinks,
 *   whose URL is their text.
 */
export interface ExtractedLink {
  kind: 'link' | 'image'
  /** `inline` `[a](b)`, `reference` `[a][b]`/`[b]`, `autolink` `<https://b>`, `literal` (GFM) `https://b`. */
  form: 'inline' | 'reference' | 'autolink' | 'literal'
  url: string
  text: string
  title?: string
  line: number
  column: number
  offset: { start: number; end: number }
  destination?: { start: number; end: number }
}

/**
 * Every link, image and autolink of a document in source order (an image inside a link comes after
 * the link). Code blocks, inline code and raw HTML hold none.
 */
export function extractLinks(markdown: string | Root): ExtractedLink[] {
  const tree = typeof markdown === 'string' ? parseMarkdown(markdown) : markdown
  const source = typeof markdown === 'string' ? markdown : undefined
  return collect(tree, source).map(({ link }) => link)
}

/** A link where it is written: what rewriting needs of it (plain data, made in worker threads too). */
export interface LinkSite {
  link: ExtractedLink
  /** The `<...>` form of the destination, for rewriting. */
  angled: boolean
}

/** The link sites of a parsed document (`source` its markdown), in source order. */
export function linkSites(tree: Root, source: string): LinkSite[] {
  return collect(tree, source)
}

function collect(tree: Root, source: string | undefined): LinkSite[] {
  const definitions = new Map<string, Definition>()
  visit(tree, (node) => {
    // CommonMark: the first definition of a label wins.
    if (node.type === 'definition' && !definitions.has(node.identifier))
      definitions.set(node.identifier, node)
  })

  const found: LinkSite[] = []
  visit(tree, (node) => {
    const position = node.position
    if (!position) return
    const base = {
      line: position.start.line,
      column: position.start.column,
      offset: { start: position.start.offset ?? 0, end: position.end.offset ?? 0 },
    }
    switch (node.type) {
      case 'link':
      case 'image': {
        const destination = node.data?.destination
        const kind = node.type
        const text = kind === 'image' ? (node.alt ?? '') : toString(node)
        let form: ExtractedLink['form'] = 'inline'
        if (!destination && node.type === 'link' && node.url !== '') {
          form = source === undefined || source[base.offset.start] === '<' ? 'autolink' : 'literal'
        }
        found.push({
          link: {
            kind,
            form,
            url: node.url,
            text,
            ...(node.title ? { title: node.title } : {}),
            ...base,
            ...(destination
              ? { destination: { start: destination.start, end: destination.end } }
              : {}),
          },
          angled: destination?.angled ?? false,
        })
        return
      }
      case 'linkReference':
      case 'imageReference': {
        const definition = definitions.get(node.identifier)
        if (!definition) return
        const destination = definition.data?.destination
        found.push({
          link: {
            kind: node.type === 'imageReference' ? 'image' : 'link',
            form: 'reference',
            url: definition.url,
            text: node.type === 'imageReference' ? (node.alt ?? '') : toString(node),
            ...(definition.title ? { title: definition.title } : {}),
            ...base,
            ...(destination
              ? { destination: { start: destination.start, end: destination.end } }
              : {}),
          },
          angled: destination?.angled ?? false,
        })
        return
      }
    }
  })
  return found
}

/**
 * Rewrites link and image URLs in place: `replace` sees each link (see extractLinks) and returns
 * its new URL, or undefined to keep it. Only destinations change; every other byte stays as it was.
 *
 * - A reference-style link's URL lives in its definition: rewriting it rewrites every link using
 *   that definition (the first answer for a definition wins).
 * - A new URL that cannot be written bare (spaces, unbalanced parentheses) is written `<...>`.
 * - An autolink `<https://a>` stays one when the new URL is absolute; otherwise it, like a GFM
 *   literal autolink, becomes `[its text](new URL)`.
 * - An empty destination (`[a]()`) cannot be located and is left alone.
 *
 * `parsed` is `parseMarkdown(markdown)` when the caller has it already (the tree is only read).
 */
export function rewriteLinks(
  markdown: string,
  replace: (link: ExtractedLink) => string | undefined,
  parsed: Root = parseMarkdown(markdown)
): string {
  return rewriteLinkSites(markdown, collect(parsed, markdown), replace)
}

/** rewriteLinks over the link sites of `markdown` (linkSites), without its parse. */
export function rewriteLinkSites(
  markdown: string,
  sites: LinkSite[],
  replace: (link: ExtractedLink) => string | undefined
): string {
  return applyEdits(markdown, planEdits(sites, replace).edits)
}

/**
 * rewriteLinkSites, also answering what a parse of the result would say of each site (in the same
 * order): the URL it reads as, where its destination now is, and `angled` where a bare destination
 * had to be written `<...>`, so that callers keeping link facts need no new parse. Only destinations change, and writeDestination writes them so that
 * CommonMark reads the new URL back. `after` is absent when that cannot be told without a parse:
 * an autolink turned into a link, or a new URL with a line break (written as `%0A`).
 */
export function rewriteLinkSitesAndUrls(
  markdown: string,
  sites: LinkSite[],
  replace: (link: ExtractedLink) => string | undefined
): {
  markdown: string
  after?: Array<{ url: string; destination?: { start: number; end: number }; angled?: true }>
} {
  const { edits, urlAt, exact } = planEdits(sites, replace)
  const rewritten = applyEdits(markdown, edits)
  if (!exact) return { markdown: rewritten }
  // Edits are sorted and disjoint now: an offset outside them moves by the growth of those before.
  const ends: number[] = []
  const growth: number[] = []
  let total = 0
  for (const edit of edits) {
    total += edit.text.length - (edit.end - edit.start)
    ends.push(edit.end)
    growth.push(total)
  }
  const moved = (offset: number) => {
    let low = 0
    let high = ends.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (ends[middle] <= offset) low = middle + 1
      else high = middle
    }
    return offset + (low === 0 ? 0 : growth[low - 1])
  }
  const editAt = new Map(edits.map((edit, index) => [edit.start, index]))
  return {
    markdown: rewritten,
    after: sites.map(({ link }) => {
      const url = urlAt.get(siteTarget(link)) ?? link.url
      if (!link.destination) return { url }
      const index = editAt.get(link.destination.start)
      if (index === undefined) {
        return {
          url,
          destination: { start: moved(link.destination.start), end: moved(link.destination.end) },
        }
      }
      const start = link.destination.start + (index === 0 ? 0 : growth[index - 1])
      const end = start + edits[index].text.length
      // A bare destination written `<...>` now: the destination is what the brackets hold.
      return edits[index].angled
        ? { url, destination: { start: start + 1, end: end - 1 }, angled: true }
        : { url, destination: { start, end } }
    }),
  }
}

/** Where a site's URL is written: its destination (a definition's, shared), else the whole link. */
function siteTarget(link: ExtractedLink): number {
  return link.destination ? link.destination.start : link.offset.start
}

function planEdits(sites: LinkSite[], replace: (link: ExtractedLink) => string | undefined) {
  /** `angled`: a bare destination written `<...>`. */
  const edits: { start: number; end: number; text: string; angled?: boolean }[] = []
  const done = new Set<number>()
  /** Destination offset → the URL written there (the first answer for a definition wins). */
  const urlAt = new Map<number, string>()
  let exact = true

  for (const { link, angled } of sites) {
    const target = siteTarget(link)
    if (done.has(target)) continue
    const next = replace(link)
    if (next === undefined || next === link.url) continue
    done.add(target)

    if (link.destination) {
      const text = writeDestination(next, angled)
      edits.push({ ...link.destination, text, angled: !angled && text.startsWith('<') })
      urlAt.set(target, next)
      if (/[\r\n]/.test(next)) exact = false
    } else if (link.form === 'autolink' && ABSOLUTE_URI.test(next)) {
      exact = false
      edits.push({ start: link.offset.start + 1, end: link.offset.end - 1, text: next })
    } else if (link.form === 'autolink' || link.form === 'literal') {
      exact = false
      edits.push({
        ...link.offset,
        text: `[${escapeText(link.text)}](${writeDestination(next, false)})`,
      })
    }
  }
  return { edits, urlAt, exact }
}

function applyEdits(markdown: string, edits: { start: number; end: number; text: string }[]) {
  edits.sort((a, b) => a.start - b.start)
  let output = ''
  let cursor = 0
  for (const edit of edits) {
    if (edit.start < cursor) continue
    output += markdown.slice(cursor, edit.start) + edit.text
    cursor = edit.end
  }
  return output + markdown.slice(cursor)
}

/** What CommonMark accepts between `<` and `>` of an autolink. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>\u0000-\u001F]*$/

/**
 * A URL as a link destination. Bare when CommonMark reads it back unchanged (no spaces or control
 * characters, balanced parentheses, not starting with `<`); else `<...>` with `<`, `>` escaped.
 * Backslashes and `&` that would start a character reference are escaped in both forms.
 */
function writeDestination(url: string, angled: boolean): string {
  const escaped = url.replace(/\\/g, '\\\\').replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
  if (
    !angled &&
    url !== '' &&
    !url.startsWith('<') &&
    // eslint-disable-next-line no-control-regex -- control characters force the angled form
    !/[\s\u0000-\u001F\u007F]/.test(url) &&
    balanced(url)
  ) {
    return escaped
  }
  const inner = escaped.replace(/[<>]/g, '\\$&').replace(/\r\n|\n|\r/g, '%0A')
  return angled ? inner : `<${inner}>`
}

function balanced(url: string): boolean {
  let depth = 0
  for (let i = 0; i < url.length; i++) {
    if (url[i] === '\\') i++
    else if (url[i] === '(') depth++
    else if (url[i] === ')' && --depth < 0) return false
  }
  return depth === 0
}

function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>&!]/g, '\\$&')
}

/**
 * What a link points at, relative to the page that holds it.
 *
 * - `page`: `/pages/<id>` (an id of 20 alphanumerics, or one `context.isPageId` accepts).
 * - `page-path`: `/pages/guides/intro`, `/pages/intro.md`, `/pages/guides/README.md` (the page
 *   `guides`), and relative links (`./x.md`, `../y.md`, `./section`, `x.md`) resolved as Git Sync
 *   resolves them against the page's file: `<path>.md`, or `<path>/README.md` for a page with
 *   children (`context.pageHasChildren`). The path `''` is the space's root README (its first page).
 * - `ref`: `./<ref>` or `./<ref>.md` naming a page inserted in the same batch (`context.refs`).
 * - `file`: `/files/<id>`. `anchor`: `#x`, on the same page.
 * - `url`: absolute http(s); `inApp` when its origin is `context.appUrl`'s.
 * - `other`: everything else (`mailto:`, `tel:`, relative links to non-markdown files, paths
 *   outside the space, empty links).
 *
 * Anchors and path segments are percent-decoded.
 */
export type LinkTarget =
  | { type: 'page'; pageId: string; anchor?: string }
  | { type: 'page-path'; path: string; anchor?: string }
  | { type: 'ref'; ref: string; anchor?: string }
  | { type: 'file'; fileId: string }
  | { type: 'anchor'; anchor: string }
  | { type: 'url'; url: string; inApp: boolean }
  | { type: 'other'; url: string }

export interface LinkContext {
  /** Path of the page holding the link (slash-joined slugs, e.g. `guides/intro`). */
  pagePath?: string
  /** Whether that page has children (Git Sync writes it as `<path>/README.md`). */
  pageHasChildren?: boolean
  /** Refs of the pages inserted by the same authoring batch. */
  refs?: ReadonlySet<string> | ReadonlyMap<string, unknown> | readonly string[]
  /** The app's base URL (`APP_URL`). */
  appUrl?: string
  /** Tells a one-segment `/pages/<x>` that is a page id from a slug; default: 20 alphanumerics. */
  isPageId?: (value: string) => boolean
}

export function classifyTarget(url: string, context: LinkContext = {}): LinkTarget {
  const trimmed = url.trim()
  if (trimmed === '') return { type: 'other', url }

  const hashAt = trimmed.indexOf('#')
  const beforeHash = hashAt === -1 ? trimmed : trimmed.slice(0, hashAt)
  const anchor = hashAt === -1 ? undefined : decode(trimmed.slice(hashAt + 1))
  const withAnchor = <T extends object>(target: T): T => (anchor ? { ...target, anchor } : target)

  if (beforeHash === '') return anchor ? { type: 'anchor', anchor } : { type: 'other', url }

  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(trimmed)
  if (scheme) {
    const protocol = scheme[1].toLowerCase()
    if (protocol !== 'http' && protocol !== 'https') return { type: 'other', url }
    let parsed: URL
    try {
      parsed = new URL(trimmed)
    } catch {
      return { type: 'other', url }
    }
    return {
      type: 'url',
      url,
      inApp: context.appUrl !== undefined && sameOrigin(parsed, context.appUrl),
    }
  }
  if (trimmed.startsWith('//')) return { type: 'other', url }

  const path = beforeHash.replace(/[?].*$/, '')

  if (path.startsWith('/')) {
    const files = /^\/files\/([^/]+)\/?$/.exec(path)
    if (files) return { type: 'file', fileId: decode(files[1]) }

    const pages = /^\/pages\/(.+)$/.exec(path)
    if (!pages) return { type: 'other', url }
    const rest = pages[1].replace(/\/+$/, '')
    const isPageId = context.isPageId ?? isWellFormedId
    if (!rest.includes('/') && isPageId(decode(rest)))
      return withAnchor({ type: 'page', pageId: decode(rest) })
    const resolved = resolveSegments([], rest.split('/'))
    return resolved === undefined
      ? { type: 'other', url }
      : withAnchor({ type: 'page-path', path: resolved })
  }

  const refs = context.refs
  if (refs && path.startsWith('./')) {
    const name = decode(path.slice(2).replace(/\.md$/i, ''))
    const has = Array.isArray(refs) ? refs.includes(name) : (refs as ReadonlySet<string>).has(name)
    if (has) return withAnchor({ type: 'ref', ref: name })
  }

  const pagePath = context.pagePath ?? ''
  const pageSegments = pagePath.split('/').filter(Boolean)
  const baseDir = context.pageHasChildren ? pageSegments : pageSegments.slice(0, -1)
  const resolved = resolveSegments(baseDir, path.split('/'))
  return resolved === undefined
    ? { type: 'other', url }
    : withAnchor({ type: 'page-path', path: resolved })
}

/**
 * Joins relative segments onto a directory and names the page: `x.md` is `x`, `x/README.md` is `x`,
 * `x` is `x`. Undefined for a path above the space's root or a file that is not markdown.
 */
function resolveSegments(baseDir: string[], segments: string[]): string | undefined {
  const result = [...baseDir]
  for (const raw of segments) {
    const segment = decode(raw)
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (result.length === 0) return undefined
      result.pop()
      continue
    }
    result.push(segment)
  }
  const last = result[result.length - 1]
  if (last !== undefined) {
    if (/^readme\.md$/i.test(last)) {
      result.pop()
    } else if (/\.md$/i.test(last)) {
      result[result.length - 1] = last.slice(0, -3)
    } else if (last.includes('.')) {
      // Slugs never hold a dot: `./diagram.png` is an asset, not a page.
      return undefined
    }
  }
  return result.join('/')
}

function sameOrigin(url: URL, appUrl: string): boolean {
  try {
    return new URL(appUrl).origin === url.origin
  } catch {
    return false
  }
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
