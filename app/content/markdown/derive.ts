import type { Root } from 'mdast'
import { markdownToDocument } from '#content/markdown/document'
import { headingAnchors } from '#content/markdown/headings'
import { linkSites, type LinkSite } from '#content/markdown/links'
import { parseForWrite, parseMarkdown } from '#content/markdown/parse'
import { readPageSource, type PageSource } from '#content/markdown/front_matter'
import {
  scanMarkdown,
  underLimits,
  ContentLimitError,
  type CONTENT_LIMITS,
} from '#content/markdown/limits'
import { untitledSections, type Section } from '#content/search/sections'

/** What link analysis needs of one document: its links and images in order, its heading anchors. */
export interface DocumentFacts {
  links: { kind: 'link' | 'image'; url: string }[]
  anchors: string[]
}

/**
 * Everything a write derives from one document's parse, as plain data: its facts, its GitBook JSON
 * document (as text), its search sections and its link sites (for rewriting refs and paths without
 * parsing again). Made in a worker thread for long documents (see contentWorkers.derive), so that
 * no write parses a long page on the event loop.
 */
export interface DerivedDocument {
  facts: DocumentFacts
  json: string
  sections: Section[]
  sites: LinkSite[]
}

export function factsOf(tree: Root, sites: LinkSite[]): DocumentFacts {
  return {
    links: sites.map(({ link }) => ({ kind: link.kind, url: link.url })),
    anchors: headingAnchors(tree).map((heading) => heading.id),
  }
}

export function deriveDocument(markdown: string, tree: Root): DerivedDocument {
  const sites = linkSites(tree, markdown)
  return {
    facts: factsOf(tree, sites),
    json: JSON.stringify(markdownToDocument(markdown, {}, tree)),
    sections: untitledSections(tree),
    sites,
  }
}

export interface DeriveInput {
  markdown: string
  /**
   * `page`: markdown a client sent as a page document: front matter and a leading title read
   * (readPageSource), checked against the content limits. `checked`: markdown converted from a
   * client's JSON document, checked against the limits. `stored`: markdown a write made itself (a
   * merge, rewritten links), parsed as reads parse it.
   */
  as: 'page' | 'checked' | 'stored'
  /** The limits to check against: the server's own (a worker's module has its own copy). */
  limits?: typeof CONTENT_LIMITS
}

export type DeriveOutput =
  | { source: PageSource; derived: DerivedDocument }
  | { refused: { name: 'ContentLimitError' | 'InvalidPageSourceError'; message: string } }

/** The page document and everything derived from it, or why it is refused (see DeriveInput). */
export function derivePage(input: DeriveInput): DeriveOutput {
  return underLimits(input.limits, () => derivePageWithin(input))
}

function derivePageWithin(input: DeriveInput): DeriveOutput {
  try {
    const { markdown } = input
    if (input.as === 'stored') {
      return { source: { markdown }, derived: deriveDocument(markdown, parseMarkdown(markdown)) }
    }
    const scanned = scanMarkdown(markdown)
    if (scanned !== undefined) throw new ContentLimitError(scanned)
    const source = input.as === 'page' ? readPageSource(markdown) : { markdown }
    return { source, derived: deriveDocument(source.markdown, parseForWrite(source.markdown)) }
  } catch (error) {
    if (
      error instanceof Error &&
      (error.name === 'ContentLimitError' || error.name === 'InvalidPageSourceError')
    ) {
      return {
        refused: {
          name: error.name as 'ContentLimitError' | 'InvalidPageSourceError',
          message: error.message,
        },
      }
    }
    throw error
  }
}
