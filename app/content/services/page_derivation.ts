import type { Root } from 'mdast'
import { headingAnchors, type HeadingAnchor } from '#content/markdown/headings'
import logger from '@adonisjs/core/services/logger'
import { CONTENT_LIMITS, ContentLimitError, scanMarkdown } from '#content/markdown/limits'
import { parseForWrite, parseMarkdown, sourceAsCode } from '#content/markdown/parse'
import {
  InvalidPageSourceError,
  readPageSource,
  type PageSource,
} from '#content/markdown/front_matter'
import type { DerivedDocument, DeriveInput } from '#content/markdown/derive'
import { contentWorkers, PageTimeoutError } from '#content/import/worker_pool'

/**
 * Markdown from this many characters on is parsed, checked and derived in a worker thread: parsing
 * costs micromark several milliseconds per kilobyte (a 1 MB page takes seconds), and the server's
 * event loop must never be held that long by one request. Shorter documents are parsed in place,
 * where a thread hand-off would cost more than it saves.
 */
export const OFF_LOOP_CHARACTERS = 8_000

/** Deadline of one document's derivation in a worker. */
const DERIVE_TIMEOUT_MS = 20_000

/** A page document as a write reads it: its source, and its parse or what derives from it. */
export type ReadDocument = PageSource & { parsed?: Root; derived?: DerivedDocument }

/**
 * Reads markdown a client sent for a page. `asPage`: a markdown page document (front matter and a
 * leading title heading are read); otherwise markdown converted from a JSON document. Throws
 * ContentLimitError or InvalidPageSourceError as the parse in place would.
 */
export async function readPageDocument(markdown: string, asPage: boolean): Promise<ReadDocument> {
  if (markdown.length < OFF_LOOP_CHARACTERS) {
    // The whole text is pre-scanned before anything reads it (the front matter's YAML too).
    const scanned = scanMarkdown(markdown)
    if (scanned !== undefined) throw new ContentLimitError(scanned)
    const source = asPage ? readPageSource(markdown) : { markdown }
    return { ...source, parsed: parseForWrite(source.markdown) }
  }
  return derive({ markdown, as: asPage ? 'page' : 'checked' })
}

/**
 * What derives from markdown a write made itself (a merge's result, rewritten links): undefined
 * for short documents (the writer parses those in place); for long ones, made in a worker, or
 * undefined if the worker failed (the writer then parses in place, as before).
 */
export async function deriveStored(markdown: string): Promise<DerivedDocument | undefined> {
  if (markdown.length < OFF_LOOP_CHARACTERS) return undefined
  try {
    const { derived } = await derive({ markdown, as: 'stored' })
    return derived
  } catch (error) {
    logger.warn({ err: error }, 'deriving a document in a worker failed; parsing it in place')
    return undefined
  }
}

async function derive(input: DeriveInput): Promise<ReadDocument> {
  let output
  try {
    output = await contentWorkers.derive(
      { ...input, limits: { ...CONTENT_LIMITS } },
      { timeoutMs: DERIVE_TIMEOUT_MS }
    )
  } catch (error) {
    if (error instanceof PageTimeoutError) {
      throw new ContentLimitError(
        `Page markdown took longer than ${DERIVE_TIMEOUT_MS / 1000} s to parse`
      )
    }
    throw error
  }
  if ('refused' in output) {
    const { name, message } = output.refused
    throw name === 'ContentLimitError'
      ? new ContentLimitError(message)
      : new InvalidPageSourceError(message)
  }
  return { ...output.source, derived: output.derived }
}

/**
 * parseMarkdown for a reader that walks the tree itself (the PDF export): a long document is
 * parsed in a worker thread (only the tree's copy costs the event loop); over the deadline it reads
 * as one code block of its source, as content over the limits does.
 */
export async function parsePage(markdown: string): Promise<Root> {
  if (markdown.length < OFF_LOOP_CHARACTERS) return parseMarkdown(markdown)
  try {
    return await contentWorkers.parse(
      { markdown, limits: { ...CONTENT_LIMITS } },
      { timeoutMs: DERIVE_TIMEOUT_MS }
    )
  } catch (error) {
    if (error instanceof PageTimeoutError) return sourceAsCode(markdown)
    logger.warn({ err: error }, 'parsing a document in a worker failed; parsing it in place')
    return parseMarkdown(markdown)
  }
}

/** headingAnchors of a stored document: a long one's in a worker thread (as parsePage). */
export async function documentHeadings(markdown: string): Promise<HeadingAnchor[]> {
  if (markdown.length < OFF_LOOP_CHARACTERS) return headingAnchors(markdown)
  try {
    return await contentWorkers.headings(
      { markdown, limits: { ...CONTENT_LIMITS } },
      { timeoutMs: DERIVE_TIMEOUT_MS }
    )
  } catch (error) {
    if (error instanceof PageTimeoutError) return []
    logger.warn({ err: error }, 'reading headings in a worker failed; reading them in place')
    return headingAnchors(markdown)
  }
}
