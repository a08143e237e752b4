import { HTMLElement, parse, TextNode } from 'node-html-parser'
import {
  defaultHandlers,
  toMdast,
  type Handle,
  type Options as ToMdastOptions,
} from 'hast-util-to-mdast'
import {
  toMarkdown,
  type Handle as ToMarkdownHandle,
  type Options as ToMarkdownOptions,
} from 'mdast-util-to-markdown'
import { gfmToMarkdown } from 'mdast-util-gfm'
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal'
import { phrasing } from 'mdast-util-phrasing'
import type { Element, ElementContent, Properties, Root as HastRoot } from 'hast'
import type {
  BlockContent,
  Blockquote,
  Code,
  Image,
  Link,
  Nodes,
  Paragraph,
  PhrasingContent,
  Root,
  RootContent,
  Strong,
  Text,
} from 'mdast'
import { ContentLimitError } from '#content/markdown/limits'
import { visit } from '#content/markdown/parse'
import type { HintStyle } from '#content/markdown/hints'
import { isPageLink, pageKey } from '#content/import/page_urls'

/**
 * HTML pages to markdown documents, in two steps (both run in the import's worker threads, see
 * page_worker.ts):
 *
 * 1. `analyzePage`: picks the main content (`<main>`, `<article>`, `[role=main]` and the content
 *    containers of common generators, else `<body>`), its title (first `<h1>`, else `<title>`), the
 *    links to crawl (from the whole page, navigation included), the site's table of contents (the
 *    navigation element with the most links to pages of the site) and the images of the content.
 *    The site's own chrome is left out of the content: navigation, headers and footers of the page,
 *    breadcrumbs, "next/previous" bars, "edit this page" links, heading permalinks (`¶`). Every link
 *    and image URL kept is made absolute (`<base href>` honoured); the title's `<h1>` is taken out
 *    of the content (it is the page's title). Elements' `id`s are mapped to the heading they belong
 *    to (a heading's own id, a section wrapping a heading, an empty anchor before one, else the
 *    heading above), so links to `page#id` can land on the markdown heading's anchor.
 * 2. `contentTree` and `serializeDocument` (`htmlToMarkdown` is both): links and images rewritten
 *    through `resolve`, then the content becomes an mdast tree with hast-util-to-mdast, by the rules
 *    of documentation sites: fenced code with the language the page gives (`language-x`, `lang-x`,
 *    `highlight-x`, `data-lang`, `data-language`, on the block or its wrappers), synopses as code
 *    blocks, admonitions (Sphinx, MkDocs, Docusaurus, DocBook, GitHub class names) as GitBook hints
 *    (`{% hint style="…" %}`), definition lists as lists of bold terms, every table as a GFM table
 *    (merged cells spread over the cells they cover, a caption above), figures with their caption.
 *    mdast-util-to-markdown writes it, escaping so that parsing the markdown gives the tree back:
 *    the import takes the page's facts and search sections from the tree, with no parse
 *    (tests/unit/content/import/conversion_round_trip.spec.ts holds the two to each other).
 *
 * Both are linear in the page's size (table and id bookkeeping is done once per table / per page)
 * and refuse pages nested deeper than
 * MAX_HTML_NESTING before anything recursive walks them.
 */

export interface AnalyzedPage {
  title: string
  /** The main content, prepared for htmlToMarkdown (absolute URLs, no chrome, no title heading). */
  contentHtml: string
  /**
   * The same content as the parsed tree (what contentHtml serializes): htmlToMarkdown takes it as
   * it is, without a second parse. Converting it changes it (links resolved, tables normalized).
   */
  content: HTMLElement
  /** Absolute http(s) URLs of every `<a href>` of the page, in document order. */
  links: string[]
  /** Absolute http(s) URLs of the content's images (`<img>`, SVG `<object>`), in order, once each. */
  images: string[]
  /** Page keys of the site's table of contents, in its order (empty: the page shows none). */
  toc: string[]
  /** Element ids of the content → index of the heading they belong to (-1: the page's top). */
  ids: Map<string, number>
  /** Text of the content's headings, in document order (what `ids` indexes). */
  headings: string[]
}

export interface AnalyzeOptions {
  /** The crawl's scope: links to pages inside it make the table of contents. */
  scope?: { origin: string; pathPrefix: string }
}

/**
 * Comments left out; `<pre>` parsed as elements (node-html-parser keeps it as raw text by default),
 * so that its text is decoded and the tags of its highlighting dropped; nested links as browsers
 * read them.
 */
const PARSE_OPTIONS = {
  comment: false,
  fixNestedATags: true,
  blockTextElements: { script: true, noscript: true, style: true },
}

const DROPPED_EVERYWHERE =
  'script, style, noscript, template, iframe, object:not([type="image/svg+xml"]), embed, form, button, input, select, textarea, svg, canvas'

/** Chrome of documentation generators found inside the content area. */
const CHROME = [
  'nav',
  'footer',
  '[role=navigation]',
  '[role=search]',
  '[aria-label=breadcrumbs]',
  '[aria-label=breadcrumb]',
  '.headerlink',
  '.hash-link',
  '.anchor-link',
  '.anchorjs-link',
  '.breadcrumbs',
  '.breadcrumb',
  '.wy-breadcrumbs',
  '.theme-doc-breadcrumbs',
  '.theme-doc-footer',
  '.theme-doc-toc-mobile',
  '.theme-doc-version-badge',
  '.theme-edit-this-page',
  '.theme-last-updated',
  '.pagination-nav',
  '.pagination',
  '.prev-next',
  '.rst-footer-buttons',
  '.md-footer',
  '.md-source-file',
  '.md-content__button',
  '.navheader',
  '.navfooter',
  '.sphinxsidebar',
  '.related',
  '.edit-this-page',
  '.edit-page-link',
  '.page-nav',
  '.skip-link',
  '.sr-only',
  '.visually-hidden',
  '.linenos',
  '.lineno',
  '.line-numbers-rows',
  '.copybtn',
  '.table-of-contents',
  '.toc',
].join(', ')

/** Containers of a page's own content, most specific first. */
const CONTENT = [
  'main article',
  'article',
  'main',
  '[role=main]',
  '[itemprop=articleBody]',
  '.rst-content .document',
  '.md-content',
  '.theme-doc-markdown',
  '#content',
  '.content',
]

/** Where a site keeps its table of contents. */
const NAVIGATION =
  'nav, [role=navigation], aside, .sidebar, .sphinxsidebar, .wy-menu, .md-nav--primary, .menu, .toctree-wrapper, .toc, #toc, .book-summary, .summary'

/**
 * A list of simple selectors (`tag`, `.class`, `#id`, `[attribute=value]`, and the one
 * `object:not([type="image/svg+xml"])`), compiled once into sets: matching an element is a few
 * lookups, where node-html-parser's selector engine tries every selector of the list on every
 * element (the chrome list alone has some sixty).
 */
interface SelectorList {
  tags: Set<string>
  classes: Set<string>
  ids: Set<string>
  attributes: Map<string, Set<string>>
  /** `object:not([type="image/svg+xml"])`: objects other than SVG figures. */
  objectsButSvg: boolean
}

function selectorList(list: string): SelectorList {
  const compiled: SelectorList = {
    tags: new Set(),
    classes: new Set(),
    ids: new Set(),
    attributes: new Map(),
    objectsButSvg: false,
  }
  for (const selector of list.split(',').map((part) => part.trim())) {
    let match: RegExpExecArray | null
    if (selector === 'object:not([type="image/svg+xml"])') compiled.objectsButSvg = true
    else if (/^[a-z][a-z0-9]*$/.test(selector)) compiled.tags.add(selector)
    else if ((match = /^\.([\w-]+)$/.exec(selector))) compiled.classes.add(match[1])
    else if ((match = /^#([\w-]+)$/.exec(selector))) compiled.ids.add(match[1])
    else if ((match = /^\[([\w-]+)=([\w-]+)\]$/.exec(selector))) {
      const values = compiled.attributes.get(match[1]) ?? new Set<string>()
      compiled.attributes.set(match[1], values.add(match[2]))
    } else {
      throw new Error(`Not a simple selector: ${selector}`)
    }
  }
  return compiled
}

function matchesList(element: HTMLElement, list: SelectorList): boolean {
  const tag = (element.rawTagName ?? '').toLowerCase()
  if (list.tags.has(tag)) return true
  if (list.objectsButSvg && tag === 'object' && element.getAttribute('type') !== 'image/svg+xml') {
    return true
  }
  for (const name of element.classList.values()) if (list.classes.has(name)) return true
  if (list.ids.size > 0) {
    const id = element.getAttribute('id')
    if (id !== undefined && list.ids.has(id)) return true
  }
  for (const [name, values] of list.attributes) {
    const value = element.getAttribute(name)
    if (value !== undefined && values.has(value)) return true
  }
  return false
}

/**
 * The elements under `root` (not itself) matching `list`, in document order; `nested`: also those
 * inside a match (querySelectorAll's answer), else a match's descendants are not visited.
 */
function matching(root: HTMLElement, list: SelectorList, nested: boolean): HTMLElement[] {
  const found: HTMLElement[] = []
  const stack: HTMLElement[] = []
  const pushChildren = (element: HTMLElement) => {
    const children = element.childNodes
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]
      if (child instanceof HTMLElement) stack.push(child)
    }
  }
  pushChildren(root)
  while (stack.length > 0) {
    const element = stack.pop()!
    const matched = matchesList(element, list)
    if (matched) found.push(element)
    if (!matched || nested) pushChildren(element)
  }
  return found
}

const CHROME_INSIDE_CONTENT = selectorList(`${DROPPED_EVERYWHERE}, ${CHROME}`)
const CHROME_OF_BODY = selectorList(`${DROPPED_EVERYWHERE}, ${CHROME}, header, aside`)
const NAVIGATION_KINDS = selectorList(NAVIGATION)

export function analyzePage(
  html: string,
  pageUrl: string,
  options: AnalyzeOptions = {}
): AnalyzedPage {
  const root = parse(html, PARSE_OPTIONS)
  // node-html-parser's queries recurse: a page nested deeper than any real one is refused first.
  assertNesting(root)
  const baseHref = root.querySelector('base[href]')?.getAttribute('href')
  const base = absolute(baseHref ?? '', pageUrl) ?? pageUrl

  const links: string[] = []
  for (const anchor of root.querySelectorAll('a[href]')) {
    const target = absolute(anchor.getAttribute('href')!, base)
    if (target) links.push(target)
  }
  const toc = options.scope ? tableOfContents(root, base, options.scope) : []

  const body = root.querySelector('body') ?? root
  let content: HTMLElement | undefined
  for (const selector of CONTENT) {
    content = body.querySelector(selector) ?? undefined
    if (content) break
  }
  if (content) {
    for (const element of matching(content, CHROME_INSIDE_CONTENT, false)) element.remove()
  } else {
    content = body
    for (const element of matching(content, CHROME_OF_BODY, false)) element.remove()
  }

  // An SVG figure embedded as an object is an image.
  for (const object of content.querySelectorAll('object[type="image/svg+xml"]')) {
    const data = object.getAttribute('data')
    if (data) object.replaceWith(`<img src="${escapeAttribute(data)}" alt="">`)
    else object.remove()
  }
  const images: string[] = []
  for (const image of content.querySelectorAll('img')) {
    const source = image.getAttribute('src') ?? image.getAttribute('data-src')
    const target = source ? absolute(source, base) : undefined
    if (target) {
      image.setAttribute('src', target)
      if (!images.includes(target)) images.push(target)
    } else {
      image.remove()
    }
    image.removeAttribute('srcset')
  }
  for (const anchor of content.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href')!
    if (href.startsWith('#')) continue
    const target = absolute(href, base)
    if (target) anchor.setAttribute('href', target)
    else if (!/^mailto:/i.test(href)) anchor.removeAttribute('href')
  }

  const heading = content.querySelector('h1') ?? root.querySelector('h1')
  const title =
    collapse(heading?.textContent ?? '') ||
    pageTitleOf(collapse(root.querySelector('title')?.textContent ?? ''))
  const ids = new Map<string, number>()
  if (heading && isInside(heading, content)) {
    // The title is metadata: its heading (and whatever id points at it) is the page's top.
    for (const element of [heading, ...heading.querySelectorAll('[id]')]) {
      const id = element.getAttribute('id')
      if (id) ids.set(id, -1)
    }
    heading.remove()
  }
  const headings = mapIds(content, ids)
  const tree = content
  return {
    title,
    get contentHtml() {
      return tree.toString()
    },
    content: tree,
    links,
    images,
    toc,
    ids,
    headings,
  }
}

/**
 * The navigation element with the most links to pages of the site, as page keys in its order: the
 * site's table of contents (Sphinx's, MkDocs', Docusaurus' sidebars; DocBook's `div.toc`).
 */
function tableOfContents(
  root: HTMLElement,
  base: string,
  scope: { origin: string; pathPrefix: string }
): string[] {
  let best: string[] = []
  for (const candidate of matching(root, NAVIGATION_KINDS, true)) {
    const keys: string[] = []
    const seen = new Set<string>()
    for (const anchor of candidate.querySelectorAll('a[href]')) {
      const target = absolute(anchor.getAttribute('href')!, base)
      if (!target || !isPageLink(target, scope)) continue
      const key = pageKey(target)
      if (seen.has(key)) continue
      seen.add(key)
      keys.push(key)
      if (keys.length >= MAX_TOC_ENTRIES) break
    }
    if (keys.length > best.length) best = keys
  }
  return best.length >= 2 ? best : []
}

const MAX_TOC_ENTRIES = 10_000
/** Ids mapped per page: more are left out (their links land on the page's top). */
const MAX_IDS = 5_000

const HEADING_TAG = /^h[1-6]$/i

/**
 * Whether a heading is among the element's descendants: `querySelector('h1, …, h6')`
 * without compiling the selector again for every element mapIds asks about.
 */
function holdsHeading(element: HTMLElement): boolean {
  const stack: HTMLElement[] = [element]
  while (stack.length > 0) {
    for (const child of stack.pop()!.childNodes) {
      if (!(child instanceof HTMLElement)) continue
      if (HEADING_TAG.test(child.tagName ?? '')) return true
      stack.push(child)
    }
  }
  return false
}

/**
 * Walks the content once in document order: numbers its headings and maps every element id to the
 * heading it belongs to. Iterative (an explicit stack), so its cost is the page's size.
 */
function mapIds(content: HTMLElement, ids: Map<string, number>): string[] {
  const headings: string[] = []
  /** Ids waiting for the next heading: a wrapper that holds it, or an empty anchor before it. */
  let waiting: Array<{ id: string; element: HTMLElement; empty: boolean }> = []
  const stack: Array<HTMLElement | { close: HTMLElement }> = [content]
  while (stack.length > 0) {
    const entry = stack.pop()!
    if (!(entry instanceof HTMLElement)) {
      // Leaving a wrapper whose heading never came: its id belongs to the heading above it.
      waiting = waiting.filter((item) => {
        if (item.element !== entry.close || item.empty) return true
        if (ids.size < MAX_IDS) ids.set(item.id, headings.length - 1)
        return false
      })
      continue
    }
    const element = entry
    const id = element !== content ? element.getAttribute('id') : undefined
    const isHeading = HEADING_TAG.test(element.tagName ?? '')
    if (isHeading) {
      const index = headings.length
      headings.push(collapse(element.textContent))
      for (const item of waiting) if (ids.size < MAX_IDS) ids.set(item.id, index)
      waiting = []
      if (id && ids.size < MAX_IDS) ids.set(id, index)
      for (const inner of element.querySelectorAll('[id]')) {
        const innerId = inner.getAttribute('id')
        if (innerId && ids.size < MAX_IDS) ids.set(innerId, index)
      }
      continue
    }
    if (id && !ids.has(id)) {
      const empty = collapse(element.textContent) === ''
      if (empty || holdsHeading(element)) {
        waiting.push({ id, element, empty })
      } else if (ids.size < MAX_IDS) {
        ids.set(id, headings.length - 1)
      }
    }
    if (waiting.length > 0 && !holdsHeading(element) && collapse(element.textContent)) {
      // Text before the next heading: empty anchors waiting belong to the heading above.
      waiting = waiting.filter((item) => {
        if (!item.empty || item.element === element) return true
        if (ids.size < MAX_IDS) ids.set(item.id, headings.length - 1)
        return false
      })
    }
    stack.push({ close: element })
    const children = element.childNodes.filter(
      (child): child is HTMLElement => child instanceof HTMLElement
    )
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i])
  }
  for (const item of waiting) if (ids.size < MAX_IDS) ids.set(item.id, headings.length - 1)
  return headings
}

/**
 * A `<title>` usually ends with the site's name ("Install | Acme Docs"): the page's own title is
 * the part before the first `|`, `–`, `—` or `·` set off by spaces (hyphens are left alone: they
 * are common inside real titles).
 */
export function pageTitleOf(documentTitle: string): string {
  const [first] = documentTitle.split(/\s[|–—·]\s/)
  return first.trim() || documentTitle
}

export interface LinkResolver {
  /** The new href of a link to an absolute URL, if it changes. */
  link(url: string): string | undefined
  /** The new src of an image, if it changes. */
  image(url: string): string | undefined
}

/** The markdown of a page's content (analyzePage's tree, or HTML), links and images resolved. */
export function htmlToMarkdown(content: string | HTMLElement, resolve: LinkResolver): string {
  return serializeDocument(contentTree(prepareContent(content, resolve))).markdown
}

/**
 * The content under a root of its own, its links and images rewritten through `resolve` and its
 * tables made plain grids; HTML is parsed first (and refused when nested deeper than
 * MAX_HTML_NESTING: the conversion walks it recursively).
 */
export function prepareContent(content: string | HTMLElement, resolve: LinkResolver): HTMLElement {
  let root: HTMLElement
  if (typeof content === 'string') {
    root = parse(content, PARSE_OPTIONS)
    assertNesting(root)
  } else {
    // analyzePage's tree (checked for nesting already), under a root of its own as its
    // serialization would parse: the content element itself is among what the queries below
    // find (a `.content` table, say).
    root = parse('', PARSE_OPTIONS)
    root.appendChild(content)
  }
  for (const anchor of root.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href')!
    const next = /^https?:/i.test(href) ? resolve.link(href) : undefined
    if (next !== undefined) anchor.setAttribute('href', next)
  }
  for (const image of root.querySelectorAll('img[src]')) {
    const next = resolve.image(image.getAttribute('src')!)
    if (next !== undefined) image.setAttribute('src', next)
  }
  for (const table of root.querySelectorAll('table')) normalizeTable(table)
  return root
}

/** Elements inside one another in a page's content: real manuals stay far below. */
export const MAX_HTML_NESTING = 256

function assertNesting(root: HTMLElement) {
  if (nestingDepth(root) > MAX_HTML_NESTING) {
    throw new ContentLimitError(`HTML nested deeper than ${MAX_HTML_NESTING} levels`)
  }
}

/** The deepest element of the tree, walked with an explicit stack (no recursion). */
function nestingDepth(root: HTMLElement): number {
  let deepest = 0
  const stack: Array<[HTMLElement, number]> = [[root, 0]]
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!
    if (depth > deepest) deepest = depth
    if (deepest > MAX_HTML_NESTING) break
    for (const child of element.childNodes) {
      if (child instanceof HTMLElement) stack.push([child, depth + 1])
    }
  }
  return deepest
}

/** Cells one table may be spread into: beyond, merged cells are left as they are. */
const MAX_TABLE_CELLS = 100_000

/**
 * One table as a grid GFM can hold: a nested table becomes its text, merged cells (`colspan`,
 * `rowspan`) are spread over the cells they cover (the content in the first, the others empty),
 * rows are padded to the widest, and a caption becomes a bold line above the table.
 */
function normalizeTable(table: HTMLElement) {
  if (!table.parentNode) return
  for (const inner of table.querySelectorAll('table')) {
    inner.replaceWith(escapeText(collapse(inner.textContent)))
  }
  const caption = table.querySelector('caption')
  if (caption) {
    const text = collapse(caption.textContent)
    caption.remove()
    if (text) table.insertAdjacentHTML('beforebegin', `<p><strong>${escapeText(text)}</strong></p>`)
  }
  const rows = table.querySelectorAll('tr')
  const isCell = (node: unknown): node is HTMLElement =>
    node instanceof HTMLElement && /^t[dh]$/i.test(node.tagName)
  let cells = 0
  for (const row of rows) cells += row.childNodes.length
  if (cells > MAX_TABLE_CELLS) return
  if (!table.querySelector('[colspan], [rowspan]')) {
    // Nothing merged: rows are only padded to the widest.
    const counts = rows.map((row) => row.childNodes.filter(isCell).length)
    const widest = Math.max(0, ...counts)
    rows.forEach((row, index) => {
      if (counts[index] < widest) {
        row.insertAdjacentHTML('beforeend', '<td></td>'.repeat(widest - counts[index]))
      }
    })
    return
  }
  /** Columns of each following row still covered by a rowspan above: row offset → columns. */
  const covered = new Map<number, Set<number>>()
  let width = 0
  rows.forEach((row, rowIndex) => {
    const taken = covered.get(rowIndex) ?? new Set<number>()
    covered.delete(rowIndex)
    const output: string[] = []
    let column = 0
    const skipCovered = () => {
      while (taken.has(column)) {
        output.push('<td></td>')
        column++
      }
    }
    for (const cell of row.childNodes) {
      if (!(cell instanceof HTMLElement) || !/^t[dh]$/i.test(cell.tagName)) continue
      skipCovered()
      const span = clampSpan(cell.getAttribute('colspan'), 1000)
      const down = clampSpan(cell.getAttribute('rowspan'), 1000)
      cell.removeAttribute('colspan')
      cell.removeAttribute('rowspan')
      const tag = cell.tagName.toLowerCase()
      output.push(cell.toString())
      for (let extra = 1; extra < span; extra++) output.push(`<${tag}></${tag}>`)
      for (let below = 1; below < down && rowIndex + below < rows.length; below++) {
        const set = covered.get(rowIndex + below) ?? new Set<number>()
        for (let c = column; c < column + span; c++) set.add(c)
        covered.set(rowIndex + below, set)
      }
      column += span
    }
    skipCovered()
    width = Math.max(width, column)
    row.set_content(output.join(''))
  })
  for (const row of rows) {
    const count = row.childNodes.filter(
      (cell) => cell instanceof HTMLElement && /^t[dh]$/i.test(cell.tagName)
    ).length
    if (count < width) row.insertAdjacentHTML('beforeend', '<td></td>'.repeat(width - count))
  }
}

function clampSpan(value: string | undefined, max: number): number {
  const number = Number.parseInt(value ?? '1', 10)
  return Number.isFinite(number) && number > 1 ? Math.min(number, max) : 1
}

/** GitBook hint styles of admonition kinds (the class names of the common generators). */
const HINT_STYLES: Record<string, HintStyle> = {
  note: 'info',
  info: 'info',
  seealso: 'info',
  important: 'info',
  abstract: 'info',
  summary: 'info',
  question: 'info',
  example: 'info',
  quote: 'info',
  secondary: 'info',
  tip: 'success',
  hint: 'success',
  success: 'success',
  check: 'success',
  done: 'success',
  warning: 'warning',
  caution: 'warning',
  attention: 'warning',
  warn: 'warning',
  danger: 'danger',
  error: 'danger',
  failure: 'danger',
  bug: 'danger',
}

/**
 * The hint style of an admonition element, or undefined for any other element: Sphinx and MkDocs
 * (`admonition note`, `details.warning`), Docusaurus (`theme-admonition-tip`, `alert--info`),
 * DocBook (`div.note`, `div.warning`), GitHub (`markdown-alert-note`), Bootstrap (`callout-info`).
 */
function admonitionStyle(node: HTMLElement): HintStyle | undefined {
  const name = node.tagName
  if (name !== 'DIV' && name !== 'ASIDE' && name !== 'DETAILS' && name !== 'SECTION') {
    return undefined
  }
  const classes = String(node.getAttribute('class') ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
  if (classes.length === 0) return undefined
  const marked = classes.some(
    (c) =>
      c === 'admonition' ||
      c.startsWith('theme-admonition') ||
      c.startsWith('markdown-alert') ||
      c.startsWith('alert') ||
      c.startsWith('callout') ||
      c === 'docutils'
  )
  for (const c of classes) {
    const kind = c
      .replace(/^(theme-admonition-|admonition-|markdown-alert-|alert--|alert-|callout-)/, '')
      .replace(/^(is-)/, '')
    const style = HINT_STYLES[kind]
    if (style && (marked || name === 'DETAILS' || DOCBOOK_ADMONITIONS.has(c))) return style
  }
  return undefined
}

const DOCBOOK_ADMONITIONS = new Set(['note', 'warning', 'tip', 'important', 'caution'])

/** The title line of an admonition (dropped when it only names the kind). */
const ADMONITION_TITLE =
  '.admonition-title, summary, .markdown-alert-title, [class*="admonitionHeading"], .alert-heading'

function languageOf(node: HTMLElement): string {
  let at: HTMLElement | null = node
  for (let depth = 0; at && at.tagName && depth < 4; depth++, at = at.parentNode) {
    const code = depth === 0 ? at.querySelector('code') : undefined
    for (const element of code ? [at, code] : [at]) {
      const data = element.getAttribute('data-lang') ?? element.getAttribute('data-language')
      if (data && /^[\w+#.-]{1,40}$/.test(data)) return data.toLowerCase()
      const match = String(element.getAttribute('class') ?? '').match(
        /(?:^|\s)(?:language|lang|highlight|sourceCode)-([\w+#.-]{1,40})(?:\s|$)/
      )
      if (match && !GENERIC_LANGUAGES.has(match[1].toLowerCase())) return match[1].toLowerCase()
    }
  }
  return ''
}

const GENERIC_LANGUAGES = new Set(['default', 'none', 'plaintext', 'source', 'notranslate'])

/**
 * The annotations the conversion to hast leaves for the handlers below: what a rule of
 * documentation sites needs to know of an element's ancestors or of its raw text.
 */
interface Annotation {
  /** An admonition: its hint style, its title's text, whether it sits in a list, table, quote or hint. */
  hint?: { style: HintStyle; title: string; nested: boolean }
  /** A code block (`<pre>`, a synopsis): its text and language. */
  code?: { value: string; lang: string }
  /** A figure's caption, as text. */
  caption?: string
}

/** Elements dropped with their content (analyzePage has dropped them from a page's content). */
const DROPPED = selectorList(DROPPED_EVERYWHERE)

/** Ancestors under which an admonition cannot be a GitBook hint (hints do not nest). */
const HINT_BREAKERS = new Set(['li', 'td', 'th', 'blockquote', 'dd'])

/**
 * The prepared content as a hast tree, annotated (Annotation) for the handlers. Only what
 * hast-util-to-mdast reads of an element's attributes is carried over.
 */
function toHast(root: HTMLElement): HastRoot {
  return { type: 'root', children: hastChildren(root, false, undefined) }
}

function hastChildren(
  element: HTMLElement,
  nested: boolean,
  skip: HTMLElement | undefined
): ElementContent[] {
  const children: ElementContent[] = []
  for (const child of element.childNodes) {
    if (child instanceof TextNode) {
      const value = child.text
      if (value) children.push({ type: 'text', value })
      continue
    }
    if (!(child instanceof HTMLElement) || child === skip) continue
    const tagName = (child.rawTagName ?? '').toLowerCase()
    if (!tagName || matchesList(child, DROPPED)) continue
    children.push(hastElement(child, tagName, nested))
  }
  return children
}

function hastElement(element: HTMLElement, tagName: string, nested: boolean): Element {
  // What hast-util-to-mdast reads, through getAttribute (the element's decoded attributes, made
  // once and kept: site rules below read them too).
  const properties: Properties = {}
  for (const name of ['href', 'src', 'alt', 'title'] as const) {
    const value = element.getAttribute(name)
    if (value !== undefined) properties[name] = value
  }
  const start = element.getAttribute('start')
  if (start !== undefined && /^\d{1,9}$/.test(start)) properties.start = Number(start)
  const hast: Element = { type: 'element', tagName, properties, children: [] }
  const annotation: Annotation = {}
  const className = element.getAttribute('class') ?? ''
  if (tagName === 'pre') {
    annotation.code = { value: element.textContent, lang: languageOf(element) }
  } else if (SYNOPSIS.test(className)) {
    annotation.code = {
      value: collapseLines(element.textContent),
      lang: className.includes('funcsynopsis') ? 'c' : languageOf(element),
    }
  } else if (tagName === 'figcaption') {
    annotation.caption = collapse(element.textContent)
  } else {
    const style = admonitionStyle(element)
    let skip: HTMLElement | undefined
    if (style) {
      // The title line is the hint's: kept (in bold) only when it says more than the kind.
      skip = element.querySelector(ADMONITION_TITLE) ?? undefined
      annotation.hint = { style, title: collapse(skip?.textContent ?? ''), nested }
    }
    const inner = nested || style !== undefined || HINT_BREAKERS.has(tagName)
    hast.children = hastChildren(element, inner, skip)
  }
  if (annotation.code || annotation.caption !== undefined || annotation.hint) {
    hast.data = annotation as Element['data']
  }
  return hast
}

const SYNOPSIS = /(?:^|\s)(cmdsynopsis|funcsynopsis|synopsis|classsynopsis)(?:\s|$)/

function annotationOf(node: Element): Annotation {
  return (node.data ?? {}) as Annotation
}

const textNode = (value: string): Text => ({ type: 'text', value })
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: 'paragraph', children })
const strong = (children: PhrasingContent[]): Strong => ({ type: 'strong', children })

/** A container element: a code block or an admonition it was annotated as, else its blocks. */
const block: Handle = (state, node) => {
  const { code, hint } = annotationOf(node)
  if (code) return codeBlock(code)
  const blocks = state.toFlow(state.all(node))
  if (!hint) return blocks
  const named = hint.title !== '' && !HINT_STYLES[hint.title.toLowerCase().replace(/[:.]$/, '')]
  if (hint.nested) {
    // GitBook hints do not nest, nor sit in lists or tables: a quote with the kind in bold.
    const label: BlockContent = paragraph([strong([textNode(hint.title || hint.style)])])
    return { type: 'blockquote', children: [label, ...blocks] } satisfies Blockquote
  }
  return [
    paragraph([textNode(`{% hint style="${hint.style}" %}`)]),
    ...(named ? [paragraph([strong([textNode(hint.title)])])] : []),
    ...blocks,
    paragraph([textNode('{% endhint %}')]),
  ]
}

/** Fenced code, the page's language kept (the serializer makes the fence longer than any run inside). */
function codeBlock(code: { value: string; lang: string }): Code {
  return { type: 'code', lang: code.lang || null, meta: null, value: code.value.replace(/\n$/, '') }
}

const handlers: Record<string, Handle> = {
  div: block,
  aside: block,
  details: block,
  section: block,
  pre: (_state, node) => codeBlock(annotationOf(node).code ?? { value: '', lang: '' }),
  // A figure's caption: a line in italics under its image.
  figcaption: (_state, node) => {
    const caption = annotationOf(node).caption
    return caption ? paragraph([{ type: 'emphasis', children: [textNode(caption)] }]) : undefined
  },
  // A definition list's term: in bold, its definitions below it in the same list item.
  dt: (state, node) => {
    const children = state.all(node)
    if (children.length === 0 || !children.every((child) => phrasing(child))) {
      return state.toFlow(children)
    }
    return paragraph([strong(children as PhrasingContent[])])
  },
  // A link without a destination (an anchor's target, a script's handle) is its text.
  a: (state, node) =>
    node.properties.href === undefined ? state.all(node) : defaultHandlers.a(state, node),
}

/** The prepared content (prepareContent) as an mdast tree, by the rules of documentation sites. */
export function contentTree(root: HTMLElement): Root {
  // The hast tree is made here for this conversion alone: hast-util-to-mdast (patched, see
  // patches/) minifies its whitespace in place instead of on a deep copy.
  const converted = toMdast(toHast(root), { handlers, clone: false } as ToMdastOptions)
  const tree: Root =
    converted.type === 'root' ? converted : { type: 'root', children: [converted as RootContent] }
  // The parser makes links of addresses in text (`www.…`, `https://…`, e-mail addresses) after
  // parsing, whatever their escapes: they are links of the tree too (and written as links).
  if (holdsAddresses(tree)) {
    for (const transform of AUTOLINK_LITERALS.transforms ?? []) transform(tree)
  }
  writable(tree, false)
  return tree
}

/**
 * Makes the tree one that markdown can write as it is (and parse back the same): a table cell
 * holds one line, so the blocks a page put in a cell (code, lists, paragraphs, a quoted hint)
 * become their inline content, separated by spaces; a link cannot hold a link, so an inner one
 * is its text. (Both were what turndown made of them.)
 */
function writable(node: Nodes, inLink: boolean) {
  if (!('children' in node)) return
  if (node.type === 'tableCell' && !node.children.every((child) => phrasing(child))) {
    node.children = inlineOf(node.children as Nodes[])
  }
  const children = node.children as Nodes[]
  for (let index = 0; index < children.length; index++) {
    const child = children[index]
    if (inLink && child.type === 'link') {
      children.splice(index, 1, ...child.children)
      index--
      continue
    }
    writable(child, inLink || child.type === 'link')
  }
}

/** The inline content of blocks, the blocks separated by a space (code as inline code). */
function inlineOf(nodes: Nodes[]): PhrasingContent[] {
  const inline: PhrasingContent[] = []
  for (const node of nodes) {
    if (phrasing(node)) {
      inline.push(node)
      continue
    }
    const parts: PhrasingContent[] =
      node.type === 'code'
        ? [{ type: 'inlineCode', value: node.value.replace(/\s+/g, ' ').trim() }]
        : 'children' in node
          ? inlineOf(node.children as Nodes[])
          : []
    if (parts.length === 0) continue
    if (inline.length > 0) inline.push(textNode(' '))
    inline.push(...parts)
  }
  return inline
}

/** Whether any text of the tree could hold an address the parser makes a link of. */
function holdsAddresses(tree: Root): boolean {
  let found = false
  visit(tree, (node) => {
    if (found) return false
    if (node.type === 'text' && ADDRESS_HINT.test(node.value)) found = true
  })
  return found
}

/** What every address the parser links starts with or holds (see mdast-util-gfm-autolink-literal). */
const ADDRESS_HINT = /www\.|https?:\/\/|@/i

const AUTOLINK_LITERALS = gfmAutolinkLiteralFromMarkdown()

/** A link or an image of a serialized document: where its destination is written, if plainly. */
export interface SerializedLink {
  kind: 'link' | 'image'
  url: string
  /** UTF-16 offsets of the destination (end exclusive); absent when not written as it is. */
  destination?: { start: number; end: number }
}

export interface SerializedDocument {
  markdown: string
  /** The document's links and images in document order (what link analysis reads of them). */
  links: SerializedLink[]
}

/**
 * Whether text could need the serializer's escaping (`state.safe`: a scan per pattern of the
 * syntax, the serializer's costliest part), told by a few expressions: a character that is syntax
 * anywhere, one that is syntax before what follows it, or one at the start of a line (`before`
 * and `after` are the characters written on either side). Conservative: text it lets through, the
 * serializer would not change (tests/unit/content/import/conversion_round_trip.spec.ts checks it
 * against `state.safe`). Most of a manual's text is such text.
 */
function mayNeedEscapes(before: string, value: string, after: string): boolean {
  return (
    SYNTAX_ANYWHERE.test(value) ||
    SYNTAX_BEFORE_NEXT.test(before.slice(-1) + value + after.slice(0, 1)) ||
    (value.startsWith('(') && before.endsWith(']')) ||
    (/^[ \t]/.test(value) && /[\r\n]$/.test(before)) ||
    (/[ \t]$/.test(value) && /^[\r\n]/.test(after)) ||
    (/[\r\n][ \t]*\d*$/.test(before) && LINE_START.test(value))
  )
}

const SYNTAX_ANYWHERE = /[*_`~[\]\\|#@\r\n]/
const SYNTAX_BEFORE_NEXT = /<[!/?A-Za-z]|&[#A-Za-z]|!\[|[Ww]\.[\w.-]|[ps]:\//
const LINE_START = /^[ \t]*(?:[+\-=>|:.)]|\d)/

export const writeText: ToMarkdownHandle = (node: Text, _parent, state, info) => {
  const value = node.value
  if (state.stack.includes('autolink') || mayNeedEscapes(info.before, value, info.after)) {
    return state.safe(value, info)
  }
  return value
}

const SERIALIZE_OPTIONS: ToMarkdownOptions = {
  extensions: [gfmToMarkdown({ tablePipeAlign: false })],
  handlers: { text: writeText },
  bullet: '-',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  resourceLink: true,
}

/** Destinations written as they are (nothing in them for the serializer to escape or angle-bracket). */
const PLAIN_DESTINATION = /^[A-Za-z0-9\-._~:/?#@!$'*+,;=%]+$/

/**
 * The markdown of a tree, with where each link's destination is written: each plain destination is
 * serialized as a placeholder of its own (private-use characters, which no escaping touches), then
 * put back. When the text itself holds such characters, the destinations are left unplaced.
 */
export function serializeDocument(tree: Root): SerializedDocument {
  const nodes: Array<Link | Image> = []
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image') nodes.push(node)
  })
  const urls = nodes.map((node) => node.url)
  const placed: number[] = []
  nodes.forEach((node, index) => {
    if (PLAIN_DESTINATION.test(node.url)) {
      node.url = `\uE000${placed.length}\uE001`
      placed.push(index)
    }
  })
  const written = toMarkdown(tree, SERIALIZE_OPTIONS)
  nodes.forEach((node, index) => (node.url = urls[index]))
  const links: SerializedLink[] = nodes.map((node, index) => ({
    kind: node.type,
    url: urls[index],
  }))
  const parts: string[] = []
  let cursor = 0
  let length = 0
  let at = 0
  for (; at < placed.length; at++) {
    const marker = `\uE000${at}\uE001`
    const found = written.indexOf(marker, cursor)
    if (found < 0) break
    const before = written.slice(cursor, found)
    const url = urls[placed[at]]
    parts.push(before, url)
    links[placed[at]].destination = {
      start: length + before.length,
      end: length + before.length + url.length,
    }
    length += before.length + url.length
    cursor = found + marker.length
  }
  // Every placeholder put back, and no private-use marker of the text's own: the places hold.
  if (at < placed.length || written.split('\uE000').length - 1 !== placed.length) {
    for (const link of links) delete link.destination
    return { markdown: endLine(toMarkdown(tree, SERIALIZE_OPTIONS)), links }
  }
  parts.push(written.slice(cursor))
  return { markdown: endLine(parts.join('')), links }
}

/** One line end at the end of the document (only trailing whitespace goes: offsets hold). */
function endLine(markdown: string): string {
  return `${markdown.trimEnd()}\n`
}
function isInside(element: HTMLElement, container: HTMLElement): boolean {
  for (let at: HTMLElement | null = element; at; at = at.parentNode) {
    if (at === container) return true
  }
  return false
}

function absolute(href: string, base: string): string | undefined {
  const trimmed = href.trim()
  if (trimmed === '') return undefined
  try {
    const url = new URL(trimmed, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function collapseLines(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim()
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;')
}
