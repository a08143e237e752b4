import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { chunks, chunksBySize, WHERE_IN_CHUNK } from '#core/database/chunks'
import { yieldToEventLoop } from '#core/event_loop'
import { prepared } from '#core/database/prepared_statements'
import { sectionsOfDocument, splitSections, type Section } from '#content/search/sections'
import { indexTerms, scopeTerms } from '#content/search/terms'
import { OFF_LOOP_CHARACTERS } from '#content/services/page_derivation'
import { contentWorkers } from '#content/import/worker_pool'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { searchEngineFor, sectionRowId, SECTION_SPAN } from '#content/search/engines'

/**
 * A page of a space's current revision as search indexes it.
 */
export type IndexablePage = {
  pageId: string
  title: string
  /** Slash-joined slugs from the root, e.g. `guides/getting-started`. */
  path: string
  /**
   * The page's markdown. Absent when neither the page's document nor its title changed since it
   * was indexed: its sections are kept as they are, only the page's path and description follow.
   */
  markdown?: string
  /** The hash of the page's stored document, when it has one: its sections may be known already. */
  document?: string
  /** Hidden pages (and those under a hidden page) are not indexed: they never appear in results. */
  hidden: boolean
  /** The page's description, shown with its results. */
  description?: string
  /** Its sections, when the caller split them already (website imports, in worker threads). */
  sections?: Section[]
}

export interface IndexOptions {
  /**
   * The sections' full-text entries are written later, by indexPendingFullText (SQLite; MySQL's
   * FULLTEXT index is InnoDB's own): a whole imported site's entries in the transaction that makes
   * its revision current made that COMMIT hold the event loop (150 ms at 5,000 pages). Until then
   * search does not find the pages' sections.
   */
  deferFullText?: boolean
}

/** Section ids whose full-text entries are still to be written (migration 0028, SQLite only). */
const FTS_PENDING_TABLE = 'search_fts_pending'
/** Full-text entries written per transaction by indexPendingFullText. */
const FTS_ROWS_PER_COMMIT = 200

/** Rows per insert: 11 columns each stays far below both engines' bound-parameter limits. */
const INSERT_CHUNK = 500
/** Characters of section text in one INSERT: full-text triggers index it synchronously. */
const STATEMENT_CHARS = 500_000

/** The text a section row carries (its terms columns hold about as much again). */
function sectionChars(row: SectionInsert): number {
  let chars = 0
  for (const value of Object.values(row)) if (typeof value === 'string') chars += value.length
  return chars
}

type PageRow = { id: number; pageId: string; title: string; path: string; description: string }

export type StoredSection = {
  id: number
  section_id: string
  scope_terms: string
  title: string
  page_terms: string
  body: string
  link_share: number
  listed_links: number
}

export type SectionInsert = Record<string, string | number> & {
  title_terms: string
  page_terms: string
}

/**
 * What re-indexing a page writes: its sections compared by position with the stored ones
 * (`stored`, by id), the rows to delete (changed, or past the page's new end) and to insert (new
 * or changed). An unchanged section is neither: the work follows the sections that changed.
 */
/**
 * The index terms of the long texts among `texts`, made in a worker thread: tokenizing costs
 * about a millisecond per kilobyte here, too much for the event loop on a long page. Empty when
 * there are none, or when the worker failed (the terms are then made in place).
 */
async function longTextTerms(texts: string[]): Promise<Map<string, string>> {
  const long = [...new Set(texts.filter((text) => text.length >= OFF_LOOP_CHARACTERS))]
  if (long.length === 0) return new Map()
  try {
    const terms = await contentWorkers.terms({ texts: long })
    return new Map(long.map((text, index) => [text, terms[index]]))
  } catch (error) {
    logger.warn({ err: error }, 'making search terms in a worker failed')
    return new Map()
  }
}

/**
 * A section's link share as stored (`search_sections.link_share`): whole per cent, 0..100, exact
 * on both engines.
 */
export function linkPercent(section: Section): number {
  return Math.round(section.linkShare * 100)
}

/** A section's table-of-contents entries as stored (`search_sections.listed_links`, a SMALLINT). */
export function listedLinks(section: Section): number {
  return Math.min(section.listedLinks, MAX_LISTED_LINKS)
}

/** Past this many entries a table of contents is no more of one (and the SMALLINT holds it). */
const MAX_LISTED_LINKS = 10_000

export function sectionChanges(
  pageKey: number,
  stored: Map<number, StoredSection> | undefined,
  sections: Section[],
  pageTitle: string,
  scope: string,
  /** Terms of long texts, made in a worker thread (longTextTerms). */
  termsOf: Map<string, string> = new Map()
): { deletes: number[]; inserts: SectionInsert[] } {
  const pageTerms = indexTerms(pageTitle)
  const left = new Map(stored ?? [])
  const deletes: number[] = []
  const inserts: SectionInsert[] = []
  sections.slice(0, SECTION_SPAN).forEach((section, position) => {
    const id = sectionRowId(pageKey, position)
    const kept = left.get(id)
    left.delete(id)
    if (
      kept &&
      kept.section_id === section.id &&
      kept.title === section.title &&
      kept.body === section.body &&
      kept.link_share === linkPercent(section) &&
      kept.listed_links === listedLinks(section) &&
      kept.page_terms === pageTerms &&
      kept.scope_terms === scope
    )
      return
    if (kept) deletes.push(id)
    inserts.push({
      id,
      page_key: pageKey,
      position,
      section_id: section.id,
      scope_terms: scope,
      title: section.title,
      title_terms: indexTerms(section.title),
      page_terms: pageTerms,
      link_share: linkPercent(section),
      listed_links: listedLinks(section),
      body: section.body,
      body_terms: section.bodyTerms ?? termsOf.get(section.body) ?? indexTerms(section.body),
    })
  })
  deletes.push(...left.keys())
  return { deletes, inserts }
}

/**
 * Keeps the search index in step with spaces' current revisions. Storage calls it when a revision
 * becomes a space's current one, with the pages that changed: the work is proportional to the pages
 * given, never to the space, and the rows written to the sections that changed. Every method runs
 * on the client it is given (the caller's transaction), with a fixed number of statements per call
 * (lists are cut only at the engines' bound-parameter limits).
 */
export default class SearchIndexService {
  /**
   * Indexes the `upsert` pages (hidden ones are forgotten) and forgets `removePageIds`. A page's
   * sections are compared with the stored ones by position: only those that differ are deleted and
   * written again.
   */
  async indexPages(
    client: QueryClientContract,
    spaceId: string,
    organizationId: string,
    upsert: IndexablePage[],
    removePageIds: string[],
    options: IndexOptions = {}
  ): Promise<void> {
    const removed = new Set(removePageIds)
    for (const page of upsert) if (page.hidden) removed.add(page.pageId)
    const visible = new Map<string, IndexablePage>()
    for (const page of upsert) if (!removed.has(page.pageId)) visible.set(page.pageId, page)

    const stored = await this.pageRows(client, spaceId, [...removed, ...visible.keys()])
    const gone = [...removed].flatMap((pageId) => stored.get(pageId)?.id ?? [])
    for (const keys of chunks(gone, WHERE_IN_CHUNK)) {
      // Their sections go with them (ON DELETE CASCADE).
      await client.from('search_pages').whereIn('id', keys).delete()
    }

    const pageRows = [...visible.values()].flatMap((page) => {
      const row = stored.get(page.pageId)
      const description = page.description ?? ''
      if (
        row &&
        row.title === page.title &&
        row.path === page.path &&
        row.description === description
      )
        return []
      return [
        {
          space_id: spaceId,
          organization_id: organizationId,
          page_id: page.pageId,
          title: page.title,
          path: page.path,
          description,
        },
      ]
    })
    for (const part of chunks(pageRows, INSERT_CHUNK)) {
      await client
        .knexQuery()
        .table('search_pages')
        .insert(part)
        .onConflict(['space_id', 'page_id'])
        .merge(['organization_id', 'title', 'path', 'description'])
    }
    const added = pageRows.filter((row) => !stored.has(row.page_id)).map((row) => row.page_id)
    const keys = new Map([...stored].map(([pageId, row]) => [pageId, row.id]))
    for (const [pageId, row] of await this.pageRows(client, spaceId, added))
      keys.set(pageId, row.id)

    // Pages whose sections may have changed: new to the index, or given with their markdown.
    const reindexed = [...visible.values()].filter(
      (page) =>
        page.markdown !== undefined || page.sections !== undefined || !stored.has(page.pageId)
    )
    const before = await this.sectionRows(
      client,
      reindexed.flatMap((page) => (stored.has(page.pageId) ? [keys.get(page.pageId)!] : []))
    )
    const engine = searchEngineFor(client)
    const scope = scopeTerms(spaceId, organizationId)
    const deletes: number[] = []
    const inserts: SectionInsert[] = []
    const sectionsOfPages = reindexed.map((page) => {
      const markdown = page.markdown ?? ''
      return (
        page.sections ??
        (page.document
          ? sectionsOfDocument(page.document, markdown, page.title)
          : splitSections(markdown, page.title))
      )
    })
    const terms = await longTextTerms(
      sectionsOfPages.flatMap((sections) =>
        sections
          .slice(0, SECTION_SPAN)
          .flatMap((section) => (section.bodyTerms === undefined ? [section.body] : []))
      )
    )
    for (const [index, page] of reindexed.entries()) {
      const sections = sectionsOfPages[index]
      const pageKey = keys.get(page.pageId)!
      const changes = sectionChanges(
        pageKey,
        before.get(pageKey),
        sections,
        page.title,
        scope,
        terms
      )
      deletes.push(...changes.deletes)
      for (const row of changes.inserts) inserts.push({ ...row, ...engine.extraColumns(row) })
    }
    for (const ids of chunks(deletes, WHERE_IN_CHUNK)) {
      await client.from('search_sections').whereIn('id', ids).delete()
    }
    const parts = chunksBySize(inserts, INSERT_CHUNK, STATEMENT_CHARS, sectionChars)
    const deferred = options.deferFullText === true && engine.defersFullText
    for (const [index, part] of parts.entries()) {
      if (index > 0) await yieldToEventLoop()
      if (deferred) {
        await client
          .knexQuery()
          .table(FTS_PENDING_TABLE)
          .insert(part.map((row) => ({ id: row.id })))
          .onConflict('id')
          .ignore()
      }
      // Prepared on MySQL: the section texts are sent as parameters, not escaped into the SQL.
      await prepared(client.insertQuery().table('search_sections')).multiInsert(part)
    }
  }

  /**
   * Writes the full-text entries of the sections indexed with `deferFullText` (SQLite), a few
   * hundred rows per transaction: each COMMIT stays short. Answers how many it wrote. Safe to run
   * from several places at once (an import run, the server's start): a row is taken once.
   */
  async indexPendingFullText(): Promise<number> {
    if (!searchEngineFor(db.connection()).defersFullText) return 0
    let written = 0
    for (;;) {
      const count = await db.transaction(async (trx) => {
        const rows = await trx
          .from(FTS_PENDING_TABLE)
          .orderBy('id')
          .limit(FTS_ROWS_PER_COMMIT)
          .select('id')
        const ids = rows.map((row) => Number(row.id))
        if (ids.length === 0) return 0
        await searchEngineFor(trx).writeDeferredFullText(ids)
        await trx.from(FTS_PENDING_TABLE).whereIn('id', ids).delete()
        return ids.length
      })
      if (count === 0) return written
      written += count
      await yieldToEventLoop()
    }
  }

  /**
   * indexPendingFullText in the background, for whoever has no run to wait on it (the server's
   * start, a run settled after its process died): a failure is logged, and the next sweep writes
   * what is left.
   */
  writePendingFullTextLater(): void {
    this.indexPendingFullText().catch((error) => {
      logger.warn({ err: error }, "writing search's pending full-text entries failed")
    })
  }

  /** Forgets every page of the space (deleting the space row cascades the same way). */
  async removeSpace(client: QueryClientContract, spaceId: string): Promise<void> {
    await client.from('search_pages').where('space_id', spaceId).delete()
  }

  /** The space now belongs to another organization. */
  async moveSpace(
    client: QueryClientContract,
    spaceId: string,
    organizationId: string
  ): Promise<void> {
    await this.moveSpaces(client, [spaceId], organizationId)
  }

  /**
   * Several spaces now belong to another organization (a transferred collection's): their pages,
   * and the scope terms of their sections (work proportional to the spaces' sections).
   */
  async moveSpaces(
    client: QueryClientContract,
    spaceIds: string[],
    organizationId: string
  ): Promise<void> {
    for (const ids of chunks(spaceIds, WHERE_IN_CHUNK)) {
      await client
        .from('search_pages')
        .whereIn('space_id', ids)
        .update({ organization_id: organizationId })
    }
    for (const spaceId of spaceIds) {
      await client
        .from('search_sections')
        .whereIn('page_key', client.from('search_pages').where('space_id', spaceId).select('id'))
        .update({ scope_terms: scopeTerms(spaceId, organizationId) })
    }
  }

  /** The index's rows of these pages of the space, by page id. */
  private async pageRows(
    client: QueryClientContract,
    spaceId: string,
    pageIds: string[]
  ): Promise<Map<string, PageRow>> {
    const found = new Map<string, PageRow>()
    for (const ids of chunks([...new Set(pageIds)], WHERE_IN_CHUNK)) {
      const rows = await client
        .from('search_pages')
        .where('space_id', spaceId)
        .whereIn('page_id', ids)
        .select('id', 'page_id', 'title', 'path', 'description')
      for (const row of rows) {
        found.set(row.page_id, {
          id: Number(row.id),
          pageId: row.page_id,
          title: row.title,
          path: row.path,
          description: row.description,
        })
      }
    }
    return found
  }

  /** The stored sections of these pages: by page key, then by section id. */
  private async sectionRows(
    client: QueryClientContract,
    pageKeys: number[]
  ): Promise<Map<number, Map<number, StoredSection>>> {
    const found = new Map<number, Map<number, StoredSection>>()
    for (const keys of chunks(pageKeys, WHERE_IN_CHUNK)) {
      const rows = await client
        .from('search_sections')
        .whereIn('page_key', keys)
        .select(
          'id',
          'page_key',
          'section_id',
          'scope_terms',
          'title',
          'page_terms',
          'body',
          'link_share',
          'listed_links'
        )
      for (const row of rows) {
        const pageKey = Number(row.page_key)
        const sections = found.get(pageKey) ?? new Map<number, StoredSection>()
        sections.set(Number(row.id), {
          ...row,
          id: Number(row.id),
          link_share: Number(row.link_share),
          listed_links: Number(row.listed_links),
        })
        found.set(pageKey, sections)
      }
    }
    return found
  }
}
