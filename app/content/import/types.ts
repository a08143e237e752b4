/**
 * The authoring batch entries an import produces: GitBook's `ChangeRequestContentChange` entries
 * (insert_page, insert_files) with two Bindery extensions the authoring service accepts from
 * internal callers only:
 *
 * - an `insert_files` file carries its bytes as `bytes: Buffer` instead of `base64` or `url`;
 * - `insert_page.into` may name the `ref` of a page inserted earlier in the same batch.
 *
 * Documents link to pages of the batch as `./<pageRef>.md` and to files as `./<fileRef>`.
 */

import type {
  InsertFilesChange as BatchInsertFiles,
  InsertPageChange as BatchInsertPage,
} from '#content/changes'

export interface InsertFilesChange extends BatchInsertFiles {
  /** At most 20 files per entry, as GitBook's schema allows. */
  files: Array<{ ref: string; name: string; contentType: string; bytes: Buffer }>
}

export interface InsertPageChange extends BatchInsertPage {
  ref: string
  title: string
  document: { markdown: string }
}

export type ContentChange = InsertFilesChange | InsertPageChange

/** What `buildImportPlan` returns: the batch plus the counts the import endpoints answer. */
export interface ImportPlan {
  changes: ContentChange[]
  importedResources: number
  totalResources: number
  /** What the crawl attempted but left out, and why. */
  failures: CrawlFailure[]
}

/** One HTML page fetched by the crawler. */
export interface CrawledPage {
  /** Normalized URL of the page (no query, no fragment): the key links are matched against. */
  url: string
  /** Other normalized URLs that led here through redirects. */
  aliases: string[]
  /** From the page's first `<h1>`, else `<title>`; may be empty. */
  title: string
  /** The outer HTML of the page's main content, script/style/nav already removed. */
  contentHtml: string
}

/** One image downloaded by the crawler. */
export interface CrawledImage {
  /** Absolute URL the pages reference it by. */
  url: string
  /** File name to store it under, including an extension. */
  name: string
  contentType: string
  bytes: Buffer
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
}
