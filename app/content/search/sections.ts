import { LRUCache } from 'lru-cache'
import { toString } from 'mdast-util-to-string'
import type { Nodes, Heading, ListItem, Root, RootContent } from 'mdast'
import { parseMarkdown, visit } from '#content/markdown/parse'
import { createAnchorGenerator, headingText } from '#content/markdown/headings'

/**
 * A page's markdown cut into the sections search indexes: the text before the first heading (titled
 * like the page, id '') and then one section per heading, up to the next heading of any level.
 */
export type Section = {
  /** The heading's anchor ('' for the text before the first heading). */
  id: string
  title: string
  /** Plain text of the section's body, blocks separated by newlines. */
  body: string
  /**
   * The share of the body's characters that are link text to other pages (`link` and
   * `linkReference` nodes; links to the page's own headings, `#anchor`, are its outline and do
   * not count), 0..1 in hundredths: near 1 for a table of contents, an index or a list of related
   * pages, whose sections search ranks below those that hold the words in prose (see engines.ts).
   */
  linkShare: number
  /**
   * How many entries of the section's lists are a link to another page and nothing else: the
   * entries of a table of contents (a part's index, a list of the pages of a chapter), which
   * search ranks as a listing however much prose surrounds it (see engines.ts). Links to the page's
   * own headings (`#anchor`) are its outline, not other pages: they do not count.
   */
  listedLinks: number
  /**
   * The body's search index terms (indexTerms), when they were made with the sections, in the
   * worker thread that split them (imports): the index then does not tokenize the body again.
   */
  bodyTerms?: string
}

/** Inline nodes: their text joins without separators; every other node is a block. */
const PHRASING = new Set([
  'text',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
  'inlineCode',
  'break',
  'image',
  'imageReference',
  'footnoteReference',
  'html',
])

/**
 * The sections of a page. Always at least the first one, so a page is found by its title even
 * without text.
 */
export function splitSections(markdown: string, pageTitle: string): Section[] {
  return titled(sectionsOf(parseMarkdown(markdown)), pageTitle)
}

/**
 * Sections of stored documents, by document hash, with the first section's title left empty (the
 * page's title goes there). Parsing markdown is the costly part of indexing a page, and the content
 * domain parses every document it writes (for its link facts): it hands the parsed tree here, so
 * indexing a revision that becomes current does not parse its new documents again. Bounded by the
 * text held; a miss (another process wrote the document, or it was evicted) parses.
 */
const documentSections = new LRUCache<string, Section[]>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (sections) =>
    sections.reduce((size, section) => size + section.title.length + section.body.length + 32, 0),
})

/** Remembers the sections of the document `documentHash`, parsed as `tree`. */
export function rememberSections(documentHash: string, tree: Root): void {
  documentSections.set(documentHash, sectionsOf(tree))
}

/** Whether the sections of the document `documentHash` are remembered (no parse to index it). */
export function remembersSections(documentHash: string): boolean {
  return documentSections.has(documentHash)
}

/** Remembers sections of the document `documentHash` made elsewhere (untitledSections, in a worker). */
export function rememberSectionList(documentHash: string, sections: Section[]): void {
  documentSections.set(documentHash, sections)
}

/** The sections of a parsed document, the first one's title left empty (what is remembered). */
export function untitledSections(tree: Root): Section[] {
  return sectionsOf(tree)
}

/** The sections of a page whose document is `documentHash` (its markdown `markdown`). */
export function sectionsOfDocument(
  documentHash: string,
  markdown: string,
  pageTitle: string
): Section[] {
  let sections = documentSections.get(documentHash)
  if (!sections) {
    sections = sectionsOf(parseMarkdown(markdown))
    documentSections.set(documentHash, sections)
  }
  return titled(sections, pageTitle)
}

/** splitSections of a tree already parsed (website imports reuse the parse of their checks). */
export function sectionsOfTree(tree: Root, pageTitle: string): Section[] {
  return titled(sectionsOf(tree), pageTitle)
}

function titled(sections: Section[], pageTitle: string): Section[] {
  return sections.map((section, index) =>
    index === 0 ? { ...section, title: pageTitle } : section
  )
}

function sectionsOf(tree: Root): Section[] {
  const anchors = sectionAnchors(tree)
  const sections: Array<{
    id: string
    title: string
    blocks: string[]
    linked: number
    listed: number
  }> = [{ id: '', title: '', blocks: [], linked: 0, listed: 0 }]
  for (const node of tree.children) {
    if (node.type === 'heading') {
      sections.push({
        id: anchors.get(node)!,
        title: plainText(node).trim(),
        blocks: [],
        linked: 0,
        listed: 0,
      })
    } else if (node.type !== 'definition' && node.type !== 'yaml') {
      const text = plainText(node as RootContent).trim()
      if (!text) continue
      const section = sections[sections.length - 1]
      section.blocks.push(text)
      section.linked += linkTextLength(node as RootContent)
      section.listed += listedLinks(node as RootContent)
    }
  }
  return sections.map(({ id, title, blocks, linked, listed }) => {
    const body = blocks.join('\n')
    return { id, title, body, linkShare: shareOf(linked, body.length), listedLinks: listed }
  })
}

/** `part` of `whole` in hundredths, 0..1 (link text is trimmed differently from blocks: capped). */
function shareOf(part: number, whole: number): number {
  if (whole === 0 || part === 0) return 0
  return Math.min(100, Math.round((part * 100) / whole)) / 100
}

/**
 * Characters of link text to other pages (the visible text of `link` and `linkReference` nodes,
 * but links to the page's own headings) in `node`.
 */
function linkTextLength(node: Nodes): number {
  if (isSamePageLink(node)) return 0
  if (node.type === 'link' || node.type === 'linkReference') return plainText(node).trim().length
  if (!('children' in node)) return 0
  let length = 0
  for (const child of node.children as Nodes[]) length += linkTextLength(child)
  return length
}

/** A link to one of the page's own headings (`#anchor`): the page's outline, not another page. */
function isSamePageLink(node: Nodes): boolean {
  return node.type === 'link' && node.url.startsWith('#')
}

/** List entries under `node` (nested lists included) that are a link elsewhere and nothing else. */
function listedLinks(node: Nodes): number {
  if (!('children' in node)) return 0
  let count = node.type === 'listItem' && isLinkEntry(node) ? 1 : 0
  for (const child of node.children as Nodes[]) count += listedLinks(child)
  return count
}

/**
 * Whether a list item, apart from its nested lists, is links to other pages only: at least one
 * such link, and no letter or digit outside links (separators and punctuation aside).
 */
function isLinkEntry(item: ListItem): boolean {
  let links = 0
  let outside = ''
  const walk = (node: Nodes) => {
    if (node.type === 'list') return
    if (node.type === 'link' || node.type === 'linkReference') {
      if (isSamePageLink(node)) outside += plainText(node)
      else if (plainText(node).trim()) links++
      return
    }
    if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'code') {
      outside += node.value
      return
    }
    if (node.type === 'html') {
      outside += plainText(node)
      return
    }
    if (node.type === 'image' || node.type === 'imageReference') return
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child)
  }
  for (const child of item.children as Nodes[]) walk(child)
  return links > 0 && !/[\p{L}\p{N}]/u.test(outside)
}

/**
 * The anchor of every heading, numbered over all headings in document order by the markdown
 * toolkit's generator, so a hit's `#anchor` is the one the page's document and link analysis give
 * that heading; an anchor GitBook wrote into the heading itself wins.
 */
function sectionAnchors(tree: Root): Map<Heading, string> {
  const next = createAnchorGenerator()
  const anchors = new Map<Heading, string>()
  visit(tree, (node) => {
    if (node.type !== 'heading') return
    const generated = next(headingText(node))
    anchors.set(node, explicitAnchor(node) ?? generated)
    return false
  })
  return anchors
}

/**
 * An anchor GitBook's own markdown export puts in a heading: `## Title <a href="#x" id="x"></a>`.
 */
function explicitAnchor(heading: Heading): string | undefined {
  for (const child of heading.children) {
    if (child.type === 'html') {
      const match = /\bid\s*=\s*"([^"]+)"/.exec(child.value)
      if (match) return match[1]
    }
  }
  return undefined
}

/**
 * The visible text of a node: inline content joined as written, blocks (paragraphs, list items,
 * table cells, code) separated so that words of neighbouring blocks never run together. Raw HTML
 * tags are dropped, their text kept.
 */
function plainText(node: Nodes): string {
  switch (node.type) {
    case 'html':
      return node.value.replace(/<[^>]*>/g, ' ')
    case 'image':
    case 'imageReference':
      return node.alt ?? ''
    case 'break':
      return ' '
    case 'code':
    case 'inlineCode':
    case 'text':
      return node.value
  }
  if (!('children' in node)) return toString(node)
  const parts = (node.children as Nodes[]).map(plainText)
  return PHRASING.has(node.type) ||
    node.type === 'paragraph' ||
    node.type === 'heading' ||
    node.type === 'tableCell'
    ? parts.join('')
    : parts
        .map((part) => part.trim())
        .filter(Boolean)
        .join('\n')
}
