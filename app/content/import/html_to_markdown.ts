import { HTMLElement, parse } from 'node-html-parser'
import TurndownService from 'turndown'
import { ContentLimitError } from '#content/markdown/limits'

/**
 * HTML pages to markdown documents, in two steps:
 *
 * 1. `analyzePage` (during the crawl): picks the main content (`<main>`, `<article>`,
 *    `[role=main]`, else `<body>` without nav/header/footer), its title (first `<h1>`, else
 *    `<title>`), the links to crawl (from the whole page, navigation included) and the images of the
 *    content; every link and image URL in the kept HTML is made absolute (`<base href>` honoured).
 *    `<link rel=canonical>` is ignored: pages are identified by the URL they were reached at.
 * 2. `htmlToMarkdown` (when the plan is built): rewrites links to imported pages as `./<pageRef>.md`
 *    and images that were downloaded as `./<fileRef>`, then converts with turndown (ATX headings,
 *    fenced code with the `language-*` class kept, `-` bullets, GFM pipe tables for simple tables).
 *    A link to anything not imported stays an absolute URL; an anchor on an imported page is dropped.
 */

export interface AnalyzedPage {
  title: string
  contentHtml: string
  /** Absolute http(s) URLs of every `<a href>` of the page, in document order. */
  links: string[]
  /** Absolute http(s) URLs of the content's `<img>`s, in document order, without duplicates. */
  images: string[]
}

const DROPPED_EVERYWHERE =
  'script, style, noscript, template, iframe, object, embed, form, button, input, select, textarea'

export function analyzePage(html: string, pageUrl: string): AnalyzedPage {
  const root = parse(html, { comment: false })
  // node-html-parser's queries recurse: a page nested deeper than any real one is refused first.
  assertNesting(root)
  const baseHref = root.querySelector('base[href]')?.getAttribute('href')
  const base = absolute(baseHref ?? '', pageUrl) ?? pageUrl

  const links: string[] = []
  for (const anchor of root.querySelectorAll('a[href]')) {
    const target = absolute(anchor.getAttribute('href')!, base)
    if (target) links.push(target)
  }

  const body = root.querySelector('body') ?? root
  let content =
    body.querySelector('main') ??
    body.querySelector('article') ??
    body.querySelector('[role=main]') ??
    undefined
  if (content) {
    content.querySelectorAll(`${DROPPED_EVERYWHERE}, nav`).forEach((element) => element.remove())
  } else {
    content = body
    content
      .querySelectorAll(`${DROPPED_EVERYWHERE}, nav, header, footer`)
      .forEach((element) => element.remove())
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
  return { title, contentHtml: content.toString(), links, images }
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

export interface MarkdownRefs {
  /** The ref of the imported page an absolute URL points at, if any. */
  pageRef(url: string): string | undefined
  /** The ref of the downloaded file an image URL points at, if any. */
  fileRef(url: string): string | undefined
}

export function htmlToMarkdown(contentHtml: string, refs: MarkdownRefs): string {
  const root = parse(contentHtml, { comment: false })
  // turndown walks the DOM recursively: a page nested deeper than any real one is refused before.
  assertNesting(root)
  for (const anchor of root.querySelectorAll('a[href]')) {
    const href = anchor.getAttribute('href')!
    const ref = /^https?:/i.test(href) ? refs.pageRef(href) : undefined
    if (ref) anchor.setAttribute('href', `./${ref}.md`)
  }
  for (const image of root.querySelectorAll('img[src]')) {
    const ref = refs.fileRef(image.getAttribute('src')!)
    if (ref) image.setAttribute('src', `./${ref}`)
  }
  const markdown = converter().turndown(root.toString())
  return `${markdown.trim()}\n`
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

let instance: TurndownService | undefined

function converter(): TurndownService {
  if (instance) return instance
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    hr: '---',
  })
  service.remove([
    'script',
    'style',
    'noscript',
    'template',
    'iframe',
    'form',
    'button',
    'select',
    'textarea',
  ] as any)

  // List items with one space after the marker (turndown pads to four), continuation lines aligned.
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node, options) => {
      const element = node as any
      const parent = element.parentNode
      let prefix = `${options.bulletListMarker} `
      if (parent?.nodeName === 'OL') {
        const start = Number.parseInt(parent.getAttribute('start') ?? '1', 10)
        const index = Array.prototype.indexOf.call(parent.children, element)
        prefix = `${(Number.isNaN(start) ? 1 : start) + index}. `
      }
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(prefix.length)}`)
      return prefix + body + (element.nextSibling && !/\n$/.test(body) ? '\n' : '')
    },
  })

  // <pre> without a <code> child: still a fenced block.
  service.addRule('preWithoutCode', {
    filter: (node) => node.nodeName === 'PRE' && !node.querySelector('code'),
    replacement: (_content, node) => fence((node as any).textContent ?? '', ''),
  })
  // <pre><code class="language-x">: fenced, language kept, fence longer than any backtick run inside.
  service.addRule('fencedCode', {
    filter: (node) => node.nodeName === 'PRE' && node.firstElementChild?.nodeName === 'CODE',
    replacement: (_content, node) => {
      const code = (node as any).firstElementChild
      const className = `${code.getAttribute('class') ?? ''} ${(node as any).getAttribute('class') ?? ''}`
      const language = className.match(/(?:language|lang)-(\S+)/)?.[1] ?? ''
      return fence(code.textContent ?? '', language)
    },
  })

  // GFM tables, for tables without merged cells (others fall back to turndown's plain text).
  service.addRule('tableCell', {
    filter: (node) => (node.nodeName === 'TH' || node.nodeName === 'TD') && isSimpleTable(node),
    replacement: (content) => ` ${content.replace(/\n+/g, ' ').replace(/\|/g, '\\|').trim()} |`,
  })
  service.addRule('tableRow', {
    filter: (node) => node.nodeName === 'TR' && isSimpleTable(node),
    replacement: (content, node) => {
      let row = `\n|${content}`
      if (isHeadingRow(node as any)) {
        const cells = (node as any).children.length
        row += `\n|${' --- |'.repeat(cells)}`
      }
      return row
    },
  })
  service.addRule('table', {
    filter: (node) => node.nodeName === 'TABLE' && isSimpleTable(node),
    replacement: (content, node) => {
      let body = content.replace(/\n+/g, '\n').trim()
      const firstRow = (node as any).querySelector('tr')
      if (firstRow && !isHeadingRow(firstRow)) {
        // GFM needs a header row: an empty one over a table that has none.
        const cells = firstRow.children.length
        body = `|${'  |'.repeat(cells)}\n|${' --- |'.repeat(cells)}\n${body}`
      }
      return `\n\n${body}\n\n`
    },
  })
  service.addRule('tableSection', {
    filter: (node) => ['THEAD', 'TBODY', 'TFOOT'].includes(node.nodeName) && isSimpleTable(node),
    replacement: (content) => content,
  })

  instance = service
  return service
}

function fence(code: string, language: string): string {
  const text = code.replace(/\n$/, '')
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  const marker = '`'.repeat(longest + 1)
  return `\n\n${marker}${language}\n${text}\n${marker}\n\n`
}

function tableOf(node: any): any {
  let current = node
  while (current && current.nodeName !== 'TABLE') current = current.parentNode
  return current
}

/**
 * Whether the table around `node` has no merged cells and no nested table, decided once per table:
 * turndown asks for every cell and row, and a query of the whole table each time is quadratic.
 */
const simpleTables = new WeakMap<object, boolean>()
function isSimpleTable(node: any): boolean {
  const table = tableOf(node)
  if (!table) return false
  let simple = simpleTables.get(table)
  if (simple === undefined) {
    simple =
      !table.querySelector('table') &&
      !table.querySelector('[colspan]:not([colspan="1"]), [rowspan]:not([rowspan="1"])')
    simpleTables.set(table, simple)
  }
  return simple
}

function isHeadingRow(row: any): boolean {
  const parent = row.parentNode
  if (parent?.nodeName === 'THEAD') return true
  const table = tableOf(row)
  return (
    table?.querySelector('tr') === row &&
    Array.from(row.children as ArrayLike<any>).every((cell) => cell.nodeName === 'TH')
  )
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
