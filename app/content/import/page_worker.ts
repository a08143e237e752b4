/**
 * The website import's worker thread (piscina, see worker_pool.ts): everything an import does with
 * a page's text runs here, never on the server's event loop. Each export is one task; inputs and
 * outputs are plain data. Nothing here touches the application (no container, no database).
 */
import {
  analyzePage,
  contentTree,
  prepareContent,
  serializeDocument,
  type SerializedLink,
} from '#content/import/html_to_markdown'
import { derivedId } from '#content/import/import_ids'
import { fetchUrl, isPageLink, pageKey } from '#content/import/page_urls'
import { parseMarkdown, parseWithinLimits, visit } from '#content/markdown/parse'
import {
  ContentLimitError,
  scanMarkdown,
  treeProblem,
  underLimits,
  type CONTENT_LIMITS,
} from '#content/markdown/limits'
import type { Root } from 'mdast'
import {
  linkSites,
  rewriteLinks,
  rewriteLinkSitesAndUrls,
  type LinkSite,
} from '#content/markdown/links'
import { headingAnchors, type HeadingAnchor } from '#content/markdown/headings'
import { sectionsOfTree, splitSections, type Section } from '#content/search/sections'
import { indexTerms } from '#content/search/terms'
import {
  renderQuestions,
  renderWithAnswers,
  type RenderAnswers,
  type RenderedHtml,
  type RenderQuestions,
} from '#content/markdown/html'
import {
  derivePage,
  factsOf,
  type DeriveInput,
  type DeriveOutput,
  type DocumentFacts,
} from '#content/markdown/derive'
import { runInBackground } from '#core/workers/thread_priority'

runInBackground()

export interface ConvertInput {
  /** The page's bytes as fetched, and the charset its Content-Type declared. */
  body: Uint8Array
  charset?: string
  /** The page's URL (after redirects): relative links resolve against it. */
  url: string
  scope: { origin: string; pathPrefix: string }
  /** The import's key: page and file ids derive from it (import_ids.ts). */
  key: string
}

export type { DocumentFacts }

export interface ConvertOutput {
  title: string
  /**
   * The links of the page (navigation included) to pages the crawl may import, once per page key:
   * `[index, key, url, id]` — the link's index among the page's absolute http(s) links, its page
   * key, the URL to fetch it at and the page id derived from the key (the crawler follows them).
   */
  pageLinks: Array<[number, string, string, string]>
  /** Images of the content and the file ids their markdown uses. */
  images: Array<{ url: string; id: string }>
  /** The site's table of contents as this page shows it (page keys). */
  toc: string[]
  /** Absent when the content was left out (`problem` says why). */
  markdown?: string
  facts?: DocumentFacts
  /** Search sections of the markdown (the first one's title left empty: the page's title goes there). */
  sections?: Section[]
  problem?: string
  /** Ids of this page's elements whose heading anchor differs from the id ('' = the page's top). */
  anchors: Record<string, string>
  /** Page ids (`id` or `id#fragment`) and file ids the markdown links to (for the final fix-up). */
  targets: { pages: string[]; files: string[] }
  /**
   * Where the markdown writes the destinations of its links to pages and files (RewriteSites), so
   * that the final fix-up rewrites them without parsing the document again; absent when one of
   * those links has no destination of its own to rewrite.
   */
  sites?: Int32Array
}

/**
 * The links of a document the final fix-up may rewrite (to `/pages/<id>` or `/files/<id>`), four
 * numbers each: the link's index in the document's facts (`facts.links`), the start and end
 * (UTF-16 offsets, end exclusive) of its destination in the markdown, and 1 for the `<...>` form.
 */
export type RewriteSites = Int32Array

/** Analyses and converts one fetched page. A page over the content limits comes back without markdown. */
export function convert(input: ConvertInput): ConvertOutput {
  const html = decode(input.body, input.charset)
  const page = analyzePage(html, input.url, { scope: input.scope })
  const selfKey = pageKey(input.url)
  const images = page.images.map((url) => ({ url, id: derivedId(input.key, 'file', url) }))
  const fileIds = new Map(images.map((image) => [image.url, image.id]))
  // A page links to the same pages many times (its navigation lists the whole site).
  const pageIds = new Map<string, string>()
  const pageIdOf = (key: string) => {
    let id = pageIds.get(key)
    if (id === undefined) pageIds.set(key, (id = derivedId(input.key, 'page', key)))
    return id
  }
  const pageLinks: ConvertOutput['pageLinks'] = []
  const linked = new Set<string>()
  page.links.forEach((link, index) => {
    if (!isPageLink(link, input.scope)) return
    const key = pageKey(link)
    if (linked.has(key)) return
    linked.add(key)
    pageLinks.push([index, key, fetchUrl(link), pageIdOf(key)])
  })
  const output: ConvertOutput = {
    title: page.title,
    pageLinks,
    images,
    toc: page.toc,
    anchors: {},
    targets: { pages: [], files: [] },
  }
  try {
    const tree = contentTree(
      prepareContent(page.content, {
        link: (url) => {
          if (!isPageLink(url, input.scope)) return undefined
          const key = pageKey(url)
          const hash = new URL(url).hash
          if (key === selfKey && hash) return hash
          return `/pages/${pageIdOf(key)}${hash}`
        },
        image: (url) => {
          const id = fileIds.get(url)
          return id ? `/files/${id}` : undefined
        },
      })
    )
    const problem = treeProblem(tree)
    if (problem !== undefined) throw new ContentLimitError(problem)
    // Ids of the page → the anchors its markdown headings got.
    const markdownHeadings = headingAnchors(tree)
    const anchorOfHeading: string[] = []
    let cursor = 0
    page.headings.forEach((text, index) => {
      for (let at = cursor; at < markdownHeadings.length; at++) {
        if (markdownHeadings[at].title.replace(/\s+/g, ' ') === text) {
          anchorOfHeading[index] = markdownHeadings[at].id
          cursor = at + 1
          return
        }
      }
    })
    for (const [id, index] of page.ids) {
      const anchor = index < 0 ? '' : (anchorOfHeading[index] ?? '')
      if (anchor !== id) output.anchors[id] = anchor
    }
    // Links to anchors of this same page land on its headings' anchors.
    const anchors = output.anchors
    if (Object.keys(anchors).length > 0) {
      visit(tree, (node) => {
        if (node.type !== 'link' || !node.url.startsWith('#')) return
        const anchor = anchors[decodeFragment(node.url.slice(1))]
        if (anchor) node.url = `#${anchor}`
      })
    }
    // The tree is what the markdown parses to: facts and sections come from it, with no parse.
    const document = serializeDocument(tree)
    const scanned = scanMarkdown(document.markdown)
    if (scanned !== undefined) throw new ContentLimitError(scanned)
    const facts: DocumentFacts = {
      links: document.links.map(({ kind, url }) => ({ kind, url })),
      anchors: markdownHeadings.map((heading) => heading.id),
    }
    output.markdown = document.markdown
    output.facts = facts
    output.sections = withTerms(sectionsOfTree(tree, ''))
    output.targets = targetsOf(facts)
    output.sites = rewriteSites(facts, document.links)
  } catch (error) {
    if (!(error instanceof ContentLimitError)) throw error
    output.problem = error.message
  }
  return output
}

export interface RewriteInput {
  markdown: string
  /** Page ids of links to change: to another page id (anchors mapped), or to an absolute URL. */
  pages: Record<string, { id: string; anchors?: Record<string, string> } | { url: string }>
  /** File ids of images whose file was not imported: their original URL. */
  files: Record<string, string>
  /**
   * The document's facts as stored and where its page and file links are written (convert's
   * `sites`): given both, the rewrite needs no parse.
   */
  facts?: DocumentFacts
  sites?: RewriteSites
}

export interface RewriteOutput {
  markdown: string
  facts: DocumentFacts
  /** Absent when they are the original document's (only link destinations changed). */
  sections?: Section[]
}

/**
 * The final fix-up of one document: links to pages or files the import did not keep, anchors
 * mapped. Given the document's stored facts and sites (convert's), only the destinations of those
 * links are rewritten, without a parse: the new facts are the old ones with the new URLs, the
 * search sections stay the original's (link text does not change). Else it parses.
 */
export function rewrite(input: RewriteInput): RewriteOutput {
  const replace = (link: { url: string }) => {
    const page = /^\/pages\/([A-Za-z0-9]{20})(?:#(.*))?$/.exec(link.url)
    if (page) {
      const target = input.pages[page[1]]
      if (!target) return undefined
      const fragment = page[2] === undefined ? undefined : decodeFragment(page[2])
      if ('url' in target) return fragment ? `${target.url}#${page[2]}` : target.url
      const anchor = fragment === undefined ? undefined : (target.anchors?.[fragment] ?? fragment)
      return `/pages/${target.id}${anchor ? `#${anchor}` : ''}`
    }
    const file = /^\/files\/([A-Za-z0-9]{20})$/.exec(link.url)
    return file ? input.files[file[1]] : undefined
  }
  if (input.facts && input.sites) {
    const { facts, sites } = input
    const linkSitesOf: LinkSite[] = []
    for (let at = 0; at + 3 < sites.length; at += 4) {
      const link = facts.links[sites[at]]
      if (!link) break
      linkSitesOf.push({
        link: {
          kind: link.kind,
          form: 'inline',
          url: link.url,
          text: '',
          line: 0,
          column: 0,
          offset: { start: sites[at + 1], end: sites[at + 2] },
          destination: { start: sites[at + 1], end: sites[at + 2] },
        },
        angled: sites[at + 3] === 1,
      })
    }
    if (linkSitesOf.length * 4 === sites.length) {
      const rewritten = rewriteLinkSitesAndUrls(input.markdown, linkSitesOf, replace)
      if (rewritten.after) {
        const scanned = scanMarkdown(rewritten.markdown)
        if (scanned !== undefined) throw new ContentLimitError(scanned)
        const links = facts.links.slice()
        for (let index = 0; index < linkSitesOf.length; index++) {
          const at = sites[index * 4]
          links[at] = { ...links[at], url: rewritten.after[index].url }
        }
        return { markdown: rewritten.markdown, facts: { ...facts, links } }
      }
    }
  }
  const markdown = rewriteLinks(input.markdown, replace)
  const tree = parseWithinLimits(markdown)
  return {
    markdown,
    facts: factsOf(tree, linkSites(tree, markdown)),
    sections: withTerms(sectionsOfTree(tree, '')),
  }
}

/**
 * A long page document written through the API (or by a merge): read, checked and derived here
 * rather than on the server's event loop (see derivePage).
 */
export function derive(input: DeriveInput): DeriveOutput {
  return derivePage(input)
}

/**
 * A long page's HTML, in two rounds: without `answers`, the questions the render asks of its
 * options; with them, the rendered page (see renderQuestions).
 */
export function renderHtml(input: RenderHtmlInput): RenderHtmlOutput {
  const options = { pagePath: input.pagePath, pageHasChildren: input.pageHasChildren }
  if (!input.answers) return { questions: renderQuestions(input.markdown, options) }
  return { rendered: renderWithAnswers(input.markdown, options, input.answers) }
}

export interface RenderHtmlInput {
  markdown: string
  pagePath?: string
  pageHasChildren?: boolean
  answers?: RenderAnswers
}

export type RenderHtmlOutput = { questions: RenderQuestions } | { rendered: RenderedHtml }

/** parseMarkdown of a long stored document, under the server's limits (see parsePage). */
export function parse(input: { markdown: string; limits?: typeof CONTENT_LIMITS }): Root {
  return underLimits(input.limits, () => parseMarkdown(input.markdown))
}

/** The heading anchors of a long stored document (see documentHeadings). */
export function headings(input: {
  markdown: string
  limits?: typeof CONTENT_LIMITS
}): HeadingAnchor[] {
  return headingAnchors(parse(input))
}

/** Search index terms of long texts (see longTextTerms). */
export function terms(input: { texts: string[] }): string[] {
  return input.texts.map((text) => indexTerms(text))
}

/** Search sections of documents (the index written when the import's revision becomes current). */
export function sections(input: {
  pages: Array<{ markdown: string; title: string }>
}): Section[][] {
  return input.pages.map((page) => withTerms(splitSections(page.markdown, page.title)))
}

/**
 * Sections with their bodies' index terms: tokenizing is the costliest part of indexing a page,
 * and here it runs beside the crawl, not on the event loop while the run's revision is written.
 */
function withTerms(split: Section[]): Section[] {
  return split.map((section) => ({ ...section, bodyTerms: indexTerms(section.body) }))
}

/**
 * An SVG image made safe to keep: DOMPurify (on jsdom) with its SVG profiles, then no `href` that
 * leaves the document (only `#fragment` references stay). Null when nothing drawable remains.
 */
export async function sanitizeSvg(input: { body: Uint8Array }): Promise<Uint8Array | null> {
  const purify = await svgPurifier()
  const text = new TextDecoder('utf-8').decode(input.body)
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
    FORBID_ATTR: ['style'],
  }) as unknown as string
  if (!/^\s*<svg[\s>]/i.test(clean)) return null
  const xml = /\sxmlns=/.test(clean.slice(0, clean.indexOf('>')))
    ? clean
    : clean.replace(/^\s*<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"')
  return new TextEncoder().encode(xml)
}

let purifier: Promise<any> | undefined
function svgPurifier(): Promise<any> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ])
    const purify = createDOMPurify(new JSDOM('').window as any)
    purify.addHook('uponSanitizeAttribute', (_node: any, data: any) => {
      const name = String(data.attrName).toLowerCase()
      if ((name === 'href' || name === 'xlink:href') && !String(data.attrValue).startsWith('#')) {
        data.keepAttr = false
      }
      if (name.startsWith('on')) data.keepAttr = false
    })
    return purify
  })()
  return purifier
}

/** The RewriteSites of a document (its facts' links and sites in the same order). */
function rewriteSites(facts: DocumentFacts, sites: SerializedLink[]): RewriteSites | undefined {
  const numbers: number[] = []
  for (let index = 0; index < facts.links.length; index++) {
    if (!REWRITABLE.test(facts.links[index].url)) continue
    const destination = sites[index]?.destination
    if (!destination) return undefined
    numbers.push(index, destination.start, destination.end, 0)
  }
  return Int32Array.from(numbers)
}

/** URLs the final fix-up may rewrite (see rewrite). */
const REWRITABLE = /^\/(pages\/[A-Za-z0-9]{20}(?:#.*)?|files\/[A-Za-z0-9]{20})$/

function targetsOf(facts: DocumentFacts): { pages: string[]; files: string[] } {
  const pages = new Set<string>()
  const files = new Set<string>()
  for (const { url } of facts.links) {
    const page = /^\/pages\/([A-Za-z0-9]{20})(?:#(.*))?$/.exec(url)
    if (page) pages.add(page[2] ? `${page[1]}#${decodeFragment(page[2])}` : page[1])
    const file = /^\/files\/([A-Za-z0-9]{20})$/.exec(url)
    if (file) files.add(file[1])
  }
  return { pages: [...pages], files: [...files] }
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment)
  } catch {
    return fragment
  }
}

function decode(body: Uint8Array, charset?: string): string {
  const declared =
    charset ??
    Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 2048))
      .toString('latin1')
      .match(/<meta[^>]+charset=["']?([\w-]+)/i)?.[1]
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body)
  } catch {
    return new TextDecoder('utf-8').decode(body)
  }
}
