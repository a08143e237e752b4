import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { SearchQuery } from '#content/search/terms'
import { hotRows } from '#core/database/hot_reads'
import { offLoopRows } from '#core/database/off_loop_reads'
import { rowsOf } from '#spaces/sql'

/**
 * Ranking. A section whose heading (for the first section: the page title) holds every word of the
 * query ranks above every section that does not, and among those, sections of a page whose title
 * holds every word rank first: these tiers are exact on both engines, whatever the term statistics
 * (on a small index a common word's weight collapses to nearly nothing). Within a tier, the engine's
 * relevance decides, with a hit in the heading counting ten times a hit in the text and a hit in the
 * page's title three times.
 *
 * Listings: a section that is mostly links (`search_sections.link_share`, per cent of the
 * section's text that is link text, written at index time: MOSTLY_LINKS per cent or more — an
 * index, a list of related pages), or that holds a table of contents (`listed_links`: list entries
 * that are a link to another page and nothing else, TABLE_OF_CONTENTS or more — a part's or a
 * chapter's index page, however much prose surrounds its list) does not get the heading tier: its
 * heading or page title holding the words says what it lists, not what it explains. Within a tier
 * it ranks below every section of prose (a third tier, exact too: relevance alone cannot do it on
 * InnoDB, whose relevance grows with every repetition of a word in a list). Every section's
 * relevance is also discounted by 0.9 × its link share (a section of links only keeps a tenth).
 *
 * A page that opens with a listing (its first section is one: an index page, a part's table of
 * contents) is titled for what it lists: its title places the listing itself in the page-title
 * tier (above passing mentions of the words), but not the page's other sections — a heading of
 * such a page holding the words ranks as any other page's heading does, below the pages titled
 * with them. So a page whose title or a heading holds the words ranks above the index and
 * contents pages that list them, whatever their titles.
 */
export const WEIGHTS = { title: 10, page: 3, body: 1 } as const
export const MOSTLY_LINKS = 50
/**
 * Entries of links alone that make a table of contents: more than the handful a "see also" list
 * under a page's text holds.
 */
export const TABLE_OF_CONTENTS = 6
/** Whether the section row `row` is prose (not a listing): the same SQL on both engines. */
const prose = (row: string) =>
  `(${row}.link_share < ${MOSTLY_LINKS} AND ${row}.listed_links < ${TABLE_OF_CONTENTS})`
const PROSE = prose('s')
/** Relevance × (1000 − LINK_DISCOUNT_PER_MILLE × link_share) / 1000 (integer SQL on both engines). */
export const LINK_DISCOUNT_PER_MILLE = 9
const DISCOUNT = (share: string) => `(1000 - ${LINK_DISCOUNT_PER_MILLE} * ${share}) / 1000.0`

/**
 * Scores are integers computed in SQL: relevance times 10^6 (less the link discount, at most
 * 5 × 10^11 − 1), plus 2 × 10^12 for the heading tier, 10^12 for the page-title tier and
 * 5 × 10^11 for a section of prose (not mostly links).
 * Integers travel through cursors and both drivers exactly, so "strictly after (score, page)"
 * means the same on the next request. On the wire a score is this divided by 10^6.
 */
export const SCORE_SCALE = 1_000_000
export const TIER = 1_000_000_000_000
export const PROSE_TIER = TIER / 2

/**
 * A section's id is its page's key (`search_pages.id`) × 2^20 + its position in the page, so the
 * index gives a hit's page (id >> 20) without reading the row, and a page's sections come in
 * order. A page has at most 2^19 sections (a million characters of markdown).
 */
export const SECTION_BITS = 20
export const SECTION_SPAN = 2 ** SECTION_BITS
/** Page keys stay below 2^33, so section ids are exact JavaScript numbers. */
export const MAX_PAGE_KEY = 2 ** 33

export function sectionRowId(pageKey: number, position: number): number {
  if (!Number.isSafeInteger(pageKey) || pageKey <= 0 || pageKey >= MAX_PAGE_KEY)
    throw new Error(`search page key ${pageKey} is out of range`)
  if (position < 0 || position >= SECTION_SPAN)
    throw new Error(`search section position ${position} is out of range`)
  return pageKey * SECTION_SPAN + position
}

/**
 * Which sections a search looks at, restricted as early as the index allows.
 */
export type IndexScope = {
  /**
   * A scope token (see scopeToken) every section searched holds: a space's, or an organization's.
   * The full-text match itself is restricted by it, so the cost follows the scope's hits, not the
   * index's. Without one the whole index is matched.
   */
  token?: string
  /** Then only pages of these spaces... */
  onlySpaceIds?: string[]
  /** ...or no page of these spaces (the organization's other spaces, deleted or not readable). */
  exceptSpaceIds?: string[]
  /** Never these pages (of `spaceIds`): what a reader may not see. */
  excludedPages?: { spaceIds: string[]; pageIds: string[] }
}

/** Results strictly after this (score desc, then page key asc). */
export type Cursor = { score: number; pageKey: number }
export type RankedSection = { id: number; score: number }
/** A page of results: its key, its best section's score, its best sections (best first). */
export type RankedPage = { pageKey: number; score: number; sections: RankedSection[] }
export type Ranking = { total: number; pages: RankedPage[] }
export type RankOptions = { limit: number; after?: Cursor; sectionsPerPage: number }

/**
 * Full-text search over `search_sections`, one implementation per database engine.
 */
export interface SearchEngine {
  /**
   * The pages matching `query` in `scope`, ranked by their best matching section (best first,
   * ties by page key), strictly after `options.after`, at most `options.limit`, each with its best
   * `options.sectionsPerPage` sections; and how many pages match in all.
   */
  rank(query: SearchQuery, scope: IndexScope, options: RankOptions): Promise<Ranking>
  /** Columns this engine's index needs on a section row besides the shared ones. */
  extraColumns(row: { title_terms: string; page_terms: string }): Record<string, string>
  /**
   * Whether a batch's full-text entries may be written after it (IndexOptions.deferFullText):
   * SQLite's FTS5 table, yes; MySQL's FULLTEXT index, InnoDB's own, is written with the rows.
   */
  readonly defersFullText: boolean
  /** Writes the full-text entries of these section rows, deferred when they were indexed. */
  writeDeferredFullText(ids: number[]): Promise<void>
}

/** The columns of SQLite's FTS5 table (migrations 0023, 0028). */
const FTS_COLUMNS = 'title_terms, page_terms, body_terms, scope_terms'

type Binding = string | number
type Sql = { sql: string; bindings: Binding[] }

function placeholders(values: unknown[]): string {
  return values.map(() => '?').join(', ')
}

/** ` AND ...` conditions on the page key expression `key` that `scope` asks for. */
function pageFilter(scope: IndexScope, key: string): Sql {
  const parts: string[] = []
  const bindings: Binding[] = []
  if (scope.onlySpaceIds) {
    parts.push(
      `${key} IN (SELECT id FROM search_pages WHERE space_id IN (${placeholders(scope.onlySpaceIds)}))`
    )
    bindings.push(...scope.onlySpaceIds)
  }
  if (scope.exceptSpaceIds?.length) {
    parts.push(
      `${key} NOT IN (SELECT id FROM search_pages WHERE space_id IN (${placeholders(scope.exceptSpaceIds)}))`
    )
    bindings.push(...scope.exceptSpaceIds)
  }
  const excluded = scope.excludedPages
  if (excluded?.pageIds.length && excluded.spaceIds.length) {
    parts.push(
      `${key} NOT IN (SELECT id FROM search_pages WHERE space_id IN (${placeholders(excluded.spaceIds)}) AND page_id IN (${placeholders(excluded.pageIds)}))`
    )
    bindings.push(...excluded.spaceIds, ...excluded.pageIds)
  }
  return { sql: parts.map((part) => ` AND ${part}`).join(''), bindings }
}

/** `best`/`key` strictly after the cursor in the order best DESC, key ASC (true without one). */
function afterCursor(after: Cursor | undefined, best: string, key: string): Sql {
  if (!after) return { sql: '1 = 1', bindings: [] }
  return {
    sql: `(${best} < ? OR (${best} = ? AND ${key} > ?))`,
    bindings: [after.score, after.score, after.pageKey],
  }
}

/** Ranked sections (any order, any number per page) as pages: best first, sections cut. */
function rankedPages(
  order: Array<{ pageKey: number; score: number }>,
  sections: Array<{ id: number; pageKey: number; score: number }>,
  sectionsPerPage: number
): RankedPage[] {
  const byPage = new Map<number, RankedSection[]>()
  for (const section of sections) {
    const list = byPage.get(section.pageKey) ?? []
    list.push({ id: section.id, score: section.score })
    byPage.set(section.pageKey, list)
  }
  return order.map(({ pageKey, score }) => ({
    pageKey,
    score,
    sections: (byPage.get(pageKey) ?? [])
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, sectionsPerPage),
  }))
}

/**
 * SQLite: the external-content FTS5 table `search_sections_fts` (title, page title, body and scope
 * terms), ranked by bm25 with column weights. Each word is a quoted FTS5 string (the last one may
 * be a prefix), implicitly ANDed, and ANDed with the scope token in the scope column, so FTS5 walks
 * only the scope's entries.
 *
 * One statement does it all: the hits (rowid, page key = rowid >> 20, score) are materialized once
 * (FTS5's bm25() may not run inside a flattened aggregate), grouped by page, counted, cut to the
 * page of results, and the best sections of those pages kept. No wide row is read: each hit's
 * `link_share` and `listed_links` are read from its row by rowid, columns that sit before the body
 * (migrations 0025, 0026), so the body's overflow pages are never touched. Its cost grows with the
 * scope's hits (a common word on a 5,000-page site: 80–95 ms), so it runs off the event loop
 * (#core/database/off_loop_reads).
 */
export class SqliteSearchEngine implements SearchEngine {
  constructor(private client: QueryClientContract) {}

  static matchExpression(query: SearchQuery): string {
    return query.tokens
      .map(({ token, prefix }) => `"${token.replaceAll('"', '""')}"${prefix ? '*' : ''}`)
      .join(' ')
  }

  /** The FTS5 query of `query`'s words (in `column`, else in any column) within the scope. */
  static scopedExpression(query: SearchQuery, scope: IndexScope, column?: string): string {
    const words = `${column ? `{${column}} : ` : ''}(${SqliteSearchEngine.matchExpression(query)})`
    return scope.token ? `{scope_terms} : "${scope.token}" AND ${words}` : words
  }

  extraColumns() {
    return {}
  }

  readonly defersFullText = true

  async writeDeferredFullText(ids: number[]) {
    await this.client.rawQuery(
      `INSERT INTO search_sections_fts (rowid, ${FTS_COLUMNS})
       SELECT id, ${FTS_COLUMNS} FROM search_sections WHERE id IN (${placeholders(ids)})`,
      ids
    )
  }

  /**
   * `query` with each prefix that stands for one term only (itself) made that term. FTS5 gathers a
   * prefix's entries over the whole index, three times a search (the match, bm25's statistics, the
   * title tier), where a term's are read within the scope's; the two match the same rows with the
   * same bm25. The index's terms (fts5vocab, one instance read) tell: is there a term that starts
   * with the prefix and is longer? (Tokens never hold U+0001.)
   */
  private async unambiguous(query: SearchQuery): Promise<SearchQuery> {
    const tokens = []
    for (const token of query.tokens) {
      if (token.prefix) {
        // One seek in the terms' b-tree: cheaper on the loop than a thread's round trip.
        const longer = await hotRows(
          this.client,
          'SELECT term FROM search_sections_vocab WHERE term >= ? AND term < ? LIMIT 1',
          [`${token.token}\u0001`, `${token.token}\u{10FFFF}`]
        )
        tokens.push(longer.length ? token : { token: token.token, prefix: false })
      } else {
        tokens.push(token)
      }
    }
    return { ...query, tokens }
  }

  async rank(search: SearchQuery, scope: IndexScope, options: RankOptions): Promise<Ranking> {
    if (search.tokens.length === 0) return { total: 0, pages: [] }
    const query = await this.unambiguous(search)
    // The tiers from one set: the scope's sections whose title holds every word. A page's title is
    // its first section's (position 0, id = page key << 20), whose title terms are the page terms
    // of all its sections; `leads` are those first sections that are prose, whose title places
    // every section of their page.
    const filter = pageFilter(scope, `(search_sections_fts.rowid >> ${SECTION_BITS})`)
    const after = afterCursor(options.after, 'best', 'page_key')
    const sql = `WITH titled AS MATERIALIZED (
        SELECT rowid AS id FROM search_sections_fts WHERE search_sections_fts MATCH ?
      ),
      leads AS MATERIALIZED (
        SELECT titled.id FROM titled CROSS JOIN search_sections f ON f.id = titled.id
        WHERE f.position = 0 AND ${prose('f')}
      ),
      hits AS MATERIALIZED (
        SELECT search_sections_fts.rowid AS id, search_sections_fts.rowid >> ${SECTION_BITS} AS page_key,
          CASE WHEN search_sections_fts.rowid IN titled AND ${PROSE} THEN ${2 * TIER} ELSE 0 END
          + CASE WHEN (s.position = 0 AND search_sections_fts.rowid IN titled)
              OR (search_sections_fts.rowid >> ${SECTION_BITS}) << ${SECTION_BITS} IN leads THEN ${TIER} ELSE 0 END
          + CASE WHEN ${PROSE} THEN ${PROSE_TIER} ELSE 0 END
          + MIN(${PROSE_TIER - 1}, CAST(ROUND(MAX(0, -bm25(search_sections_fts, ${WEIGHTS.title}.0, ${WEIGHTS.page}.0, ${WEIGHTS.body}.0, 0.0)) * ${SCORE_SCALE} * ${DISCOUNT('s.link_share')}) AS INTEGER)) AS score
        FROM search_sections_fts CROSS JOIN search_sections s ON s.id = search_sections_fts.rowid
        WHERE search_sections_fts MATCH ?${filter.sql}
      ),
      pages AS MATERIALIZED (SELECT page_key, MAX(score) AS best FROM hits GROUP BY page_key),
      top AS MATERIALIZED (
        SELECT page_key, best FROM pages WHERE ${after.sql} ORDER BY best DESC, page_key ASC LIMIT ?
      ),
      ranked AS (
        SELECT hits.id, hits.page_key, hits.score,
          ROW_NUMBER() OVER (PARTITION BY hits.page_key ORDER BY hits.score DESC, hits.id ASC) AS n
        FROM hits WHERE hits.page_key IN (SELECT page_key FROM top)
      )
      SELECT top.page_key, top.best, ranked.id, ranked.score, NULL AS total
        FROM top INNER JOIN ranked ON ranked.page_key = top.page_key WHERE ranked.n <= ?
      UNION ALL SELECT NULL, NULL, NULL, NULL, COUNT(*) FROM pages`
    const rows = await offLoopRows(this.client, sql, [
      SqliteSearchEngine.scopedExpression(query, scope, 'title_terms'),
      SqliteSearchEngine.scopedExpression(query, scope),
      ...filter.bindings,
      ...after.bindings,
      options.limit,
      options.sectionsPerPage,
    ])
    let total = 0
    const order = new Map<number, number>()
    const sections: Array<{ id: number; pageKey: number; score: number }> = []
    for (const row of rows) {
      if (row.total !== null) {
        total = Number(row.total)
        continue
      }
      const pageKey = Number(row.page_key)
      order.set(pageKey, Number(row.best))
      sections.push({ id: Number(row.id), pageKey, score: Number(row.score) })
    }
    const pages = [...order]
      .map(([pageKey, score]) => ({ pageKey, score }))
      .sort((a, b) => b.score - a.score || a.pageKey - b.pageKey)
    return { total, pages: rankedPages(pages, sections, options.sectionsPerPage) }
  }
}

/**
 * MySQL / MariaDB: one InnoDB FULLTEXT index in boolean mode over scope, title, page title, body
 * and rank terms. `+token` for the scope and for each word (`token*` for a prefix) filters inside
 * the index; its relevance weighs title, page title and body 10, 3, 1 because `rank_terms` repeats
 * the title's terms 9 more times and the page title's twice more (relevance is a sum over words of
 * frequency × idf², plus the scope token's share, the same for every row of a query). The tiers
 * compare the row's title and page-title terms with the tokens (LOCATE on whole tokens); whether
 * the page opens with prose is read from its first section by primary key (id = page key << 20).
 * Tokens are letters, digits and marks only (see terms.ts), so no boolean operator can reach the
 * engine from a query.
 *
 * InnoDB evaluates a MATCH once per statement (and a CTE once per reference), so it is two
 * statements: the pages ranked, counted and cut; then the sections of those pages, their scores
 * computed by the same expression (the page key index reads the rows, the full-text index only
 * scores them).
 */
export class MysqlSearchEngine implements SearchEngine {
  constructor(private client: QueryClientContract) {}

  static booleanExpression(query: SearchQuery, required: boolean): string {
    return query.tokens
      .map(({ token, prefix }) => `${required ? '+' : ''}${token}${prefix ? '*' : ''}`)
      .join(' ')
  }

  static readonly MATCH =
    'MATCH (s.scope_terms, s.title_terms, s.page_terms, s.body_terms, s.rank_terms) AGAINST (? IN BOOLEAN MODE)'

  readonly defersFullText = false

  /** Never asked: InnoDB writes the FULLTEXT entries with the rows. */
  async writeDeferredFullText() {}

  extraColumns(row: { title_terms: string; page_terms: string }) {
    return {
      rank_terms:
        `${row.title_terms} `.repeat(WEIGHTS.title - 1) +
        `${row.page_terms} `.repeat(WEIGHTS.page - 1),
    }
  }

  /** The score of a section row `s`: tiers by LOCATE, relevance by MATCH of `match`. */
  private score(query: SearchQuery, match: string): Sql {
    const holdsAll = (column: string) =>
      query.tokens
        .map(({ prefix }) =>
          prefix
            ? `LOCATE(?, CONCAT(' ', s.${column})) > 0`
            : `LOCATE(?, CONCAT(' ', s.${column}, ' ')) > 0`
        )
        .join(' AND ')
    const needles = query.tokens.map(({ token, prefix }) => (prefix ? ` ${token}` : ` ${token} `))
    return {
      sql: `CASE WHEN ${holdsAll('title_terms')} AND ${PROSE} THEN ${2 * TIER} ELSE 0 END
        + CASE WHEN ${holdsAll('page_terms')} AND (s.position = 0 OR EXISTS (
            SELECT 1 FROM search_sections f WHERE f.id = s.page_key * ${SECTION_SPAN} AND ${prose('f')}
          )) THEN ${TIER} ELSE 0 END
        + CASE WHEN ${PROSE} THEN ${PROSE_TIER} ELSE 0 END
        + LEAST(${PROSE_TIER - 1}, CAST(ROUND(${MysqlSearchEngine.MATCH} * ${SCORE_SCALE} * ${DISCOUNT('s.link_share')}) AS SIGNED))`,
      bindings: [...needles, ...needles, match],
    }
  }

  async rank(query: SearchQuery, scope: IndexScope, options: RankOptions): Promise<Ranking> {
    if (query.tokens.length === 0) return { total: 0, pages: [] }
    // The scope first: InnoDB intersects the words' entries with it.
    const words = MysqlSearchEngine.booleanExpression(query, true)
    const match = scope.token ? `+${scope.token} ${words}` : words
    const score = this.score(query, match)
    const filter = pageFilter(scope, 's.page_key')
    const after = afterCursor(options.after, 'best', 'page_key')
    const ranked = rowsOf(
      await this.client.rawQuery(
        `SELECT page_key, best, total, later FROM (
          SELECT page_key, best, COUNT(*) OVER () AS total, CASE WHEN ${after.sql} THEN 1 ELSE 0 END AS later
          FROM (
            SELECT s.page_key, MAX(${score.sql}) AS best FROM search_sections s
            WHERE ${MysqlSearchEngine.MATCH}${filter.sql} GROUP BY s.page_key
          ) grouped
        ) counted ORDER BY later DESC, best DESC, page_key ASC LIMIT ?`,
        [...after.bindings, ...score.bindings, match, ...filter.bindings, options.limit]
      )
    ) as Array<Record<string, any>>
    const total = Number(ranked[0]?.total ?? 0)
    const order = ranked
      .filter((row) => Number(row.later) === 1)
      .map((row) => ({ pageKey: Number(row.page_key), score: Number(row.best) }))
    if (order.length === 0) return { total, pages: [] }
    const keys = order.map((page) => page.pageKey)
    const sections = rowsOf(
      await this.client.rawQuery(
        `SELECT s.id, s.page_key, ${score.sql} AS score, ${MysqlSearchEngine.MATCH} AS relevance
        FROM search_sections s WHERE s.page_key IN (${placeholders(keys)}) HAVING relevance > 0`,
        [...score.bindings, match, ...keys]
      )
    ) as Array<Record<string, any>>
    return {
      total,
      pages: rankedPages(
        order,
        sections.map((row) => ({
          id: Number(row.id),
          pageKey: Number(row.page_key),
          score: Number(row.score),
        })),
        options.sectionsPerPage
      ),
    }
  }
}

/**
 * The engine of the connection (or transaction) `client`.
 */
export function searchEngineFor(client: QueryClientContract): SearchEngine {
  const dialect = client.dialect.name
  if (dialect === 'mysql') return new MysqlSearchEngine(client)
  if (dialect === 'better-sqlite3' || dialect === 'sqlite3' || dialect === 'libsql')
    return new SqliteSearchEngine(client)
  throw new Error(`Search is not available on the "${dialect}" database engine`)
}
