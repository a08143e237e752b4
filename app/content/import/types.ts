/**
 * The authoring batch entries an import produces: GitBook's `ChangeRequestContentChange` entries
 * (insert_page, insert_files) with Bindery extensions the authoring service accepts from internal
 * callers only (see #content/changes): a page's `id` and its `document.stored` (a document already
 * converted, checked and stored with its link facts), a file's `id` and `stored` blob.
 *
 * Documents link to the import's pages and files as `/pages/<id>` and `/files/<id>`: the ids are
 * derived from the URLs before the batch exists (import_ids.ts).
 */

import type {
  InsertFilesChange as BatchInsertFiles,
  InsertPageChange as BatchInsertPage,
} from '#content/changes'
import type { DocumentFacts } from '#content/import/page_worker'
import type { Section } from '#content/search/sections'
import type { SectionSplitter } from '#content/services/content_events'

export interface InsertFilesChange extends BatchInsertFiles {
  /** At most 20 files per entry, as GitBook's schema allows. */
  files: Array<{
    id: string
    name: string
    contentType: string
    stored: { blob: string; size: number; dimensions?: { width: number; height: number } }
  }>
}

export interface InsertPageChange extends BatchInsertPage {
  id: string
  ref: string
  title: string
  document: { stored: string } | { markdown: string }
}

export type ContentChange = InsertFilesChange | InsertPageChange

/** What `buildImportPlan` returns: the batch plus the counts the import endpoints answer. */
export interface ImportPlan {
  changes: ContentChange[]
  importedResources: number
  totalResources: number
  /** What the crawl attempted but left out, and why. */
  failures: CrawlFailure[]
  /** What a limit (pages, time) left out, in a sentence; absent when none did. */
  limited?: string
  /** The search sections of the imported pages (computed with their conversion, kept aside). */
  splitSections: SectionSplitter
  /** Frees what the import kept aside (call once the batch is applied, or failed). */
  done(): Promise<void>
}

/**
 * Where an import writes as it goes: documents (with their link facts) and file bytes are
 * content-addressed objects of the space, written before the batch that points at them (an import
 * that fails leaves only objects no revision reaches, which is harmless).
 */
export interface ImportSink {
  /** Stores a document, its link facts and its search sections; answers the document's hash. */
  storeDocument(markdown: string, facts: DocumentFacts, sections?: Section[]): Promise<string>
  /** Sections stored with documents (by document hash), for the ones it has. */
  sectionsOf?(documents: string[]): Promise<Map<string, Section[]>>
  /** Frees what the sink kept aside. */
  close?(): Promise<void>
  /** Documents stored earlier and their link facts, by hash (final link fix-ups); missing ones absent. */
  readStored(hashes: string[]): Promise<Map<string, { markdown: string; facts: DocumentFacts }>>
  /**
   * Stores a document rewritten from the stored document `original` with only link destinations
   * changed (final link fix-ups): its search sections are the original's.
   */
  storeRewritten(markdown: string, facts: DocumentFacts, original: string): Promise<string>
  /** Stores a file's bytes; answers their hash. */
  storeBlob(bytes: Uint8Array): Promise<string>
  /** Writes whatever is buffered. */
  flush(): Promise<void>
}

/** One page imported by the crawler. */
export interface CrawledPage {
  /** Normalized URL of the page (no query, no fragment): the key links are matched against. */
  url: string
  /** The page's id in the import (derived from its URL). */
  id: string
  /** Other normalized URLs that led here through redirects. */
  aliases: string[]
  /** From the page's first `<h1>`, else `<title>`; may be empty. */
  title: string
  /** Hash of its stored document; null when its content was left out (see failures). */
  document: string | null
  /** Breadth-first position: the link indexes from the start page down to this page. */
  order: number[]
  /** Position in the site's table of contents, when it lists the page. */
  tocRank?: number
}

/** One image downloaded (and stored) by the crawler. */
export interface CrawledImage {
  id: string
  /** Absolute URL the pages reference it by. */
  url: string
  /** File name to store it under, including an extension. */
  name: string
  contentType: string
  size: number
  blob: string
  dimensions?: { width: number; height: number }
}

/** A resource that was attempted but not imported, and why. */
export interface CrawlFailure {
  url: string
  kind: 'page' | 'image'
  reason: string
}

export interface CrawlResult {
  /** The start page's normalized URL: it becomes the first root page. */
  startUrl: string
  /** Origin and path prefix the crawl stayed within, e.g. `https://example.com/docs/`. */
  scope: { origin: string; pathPrefix: string }
  /** Imported pages in breadth-first discovery order, the start page first. */
  pages: CrawledPage[]
  images: CrawledImage[]
  failures: CrawlFailure[]
  /** Pages and images attempted (imported or failed). */
  totalResources: number
  /** What a limit left out, in a sentence. */
  limited?: string
}
