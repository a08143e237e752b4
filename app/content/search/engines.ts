import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { SearchQuery } from '#content/search/terms'
import { rowsOf } from '#spaces/sql'

/**
 * Ranking. A section whose heading (for the first section: the page title) holds every word of the
 * query ranks above every section that does not, and among those, sections of a page whose title
 * holds every word rank first: these tiers are exact on both engines, whatever the term statistics
 * (on a small index a common word's weight collapses to nearly nothing). Within a tier, the engine's relevance decides, with a hit in the heading counting
 * ten times a hit in the text and a hit in the page's title three times.
 */
export const WEIGHTS = { title: 10, page: 3, body: 1 } as const

/**
 * Scores are integers computed in SQL: relevance times 10^6, plus 2 × 10^12 for the heading tier
 * and 10^12 for the page-title tier.
 * Integers travel through cursors and both drivers exactly, so "strictly after (score, space,
 * page)" means the same on the next request. On the wire a score is this divided by 10^6.
 */
export const SCORE_SCALE = 1_000_000
export const TIER = 1_000_000_000_000

/** Which sections a search looks at. Hidden sections never match. */
export type SearchFilter = {
  spaceIds: string[]
  organizationId?: string
  /** Only these pages (section lookups for a page of results). */
  pageIds?: string[]
  /** Never these pages (page ids are unique across spaces): what a reader may not see. */
  excludedPageIds?: string[]
}

export type PageKey = { spaceId: string; pageId: string }
export type RankedPage = PageKey & { score: number }
export type Cursor = RankedPage

export type SectionHit = PageKey & {
  sectionId: string
  position: number
  sectionTitle: string
  pageTitle: string
  pagePath: string
  pageDescription: string
  body: string
  score: number
}

/**
 * Full-text search over `search_sections`, one implementation per database engine.
 */
export interface SearchEngine {
  /** Pages ranked by their best matching section, best first, strictly after `after`. */
  rankPages(
    query: SearchQuery,
    filter: SearchFilter,
    options: { limit: number; after?: Cursor }
  ): Promise<RankedPage[]>
  /** How many pages match. */
  countPages(query: SearchQuery, filter: SearchFilter): Promise<number>
  /** The matching sections of the filter's pages, best first. */
  sections(query: SearchQuery, filter: SearchFilter): Promise<SectionHit[]>
}

type Sql = { sql: string; bindings: Array<string | number> }

function placeholders(values: unknown[]): string {
  return values.map(() => '?').join(', ')
}

/**
 * The SQL both engines share: a CTE `hits` (id, space_id, page_id, score) of the matching sections,
 * written by each engine, then plain grouping and ordering over it.
 */
abstract class SqlSearchEngine implements SearchEngine {
  constructor(protected client: QueryClientContract) {}

  /** `WITH hits <cteKeyword> (...)`. */
  protected abstract cteKeyword: string

  /** The matching sections of `filter` with their score. `where` is the common filter on `s`. */
  protected abstract hits(query: SearchQuery, where: Sql): Sql

  private where(filter: SearchFilter): Sql {
    const parts = ['s.hidden = 0', `s.space_id IN (${placeholders(filter.spaceIds)})`]
    const bindings: Array<string | number> = [...filter.spaceIds]
    if (filter.organizationId) {
      parts.push('s.organization_id = ?')
      bindings.push(filter.organizationId)
    }
    if (filter.excludedPageIds?.length) {
      parts.push(`s.page_id NOT IN (${placeholders(filter.excludedPageIds)})`)
      bindings.push(...filter.excludedPageIds)
    }
    if (filter.pageIds) {
      parts.push(`s.page_id IN (${placeholders(filter.pageIds)})`)
      bindings.push(...filter.pageIds)
    }
    return { sql: parts.join(' AND '), bindings }
  }

  private async run(
    query: SearchQuery,
    filter: SearchFilter,
    tail: string,
    tailBindings: Array<string | number>
  ) {
    if (query.tokens.length === 0 || filter.spaceIds.length === 0 || filter.pageIds?.length === 0)
      return []
    const hits = this.hits(query, this.where(filter))
    const result = await this.client.rawQuery(
      `WITH hits ${this.cteKeyword} (${hits.sql}) ${tail}`,
      [...hits.bindings, ...tailBindings]
    )
    return rowsOf(result) as Array<Record<string, any>>
  }

  async rankPages(
    query: SearchQuery,
    filter: SearchFilter,
    options: { limit: number; after?: Cursor }
  ) {
    const after = options.after
    // (best, space_id, page_id) after the cursor in the order best DESC, space_id, page_id.
    const having = after
      ? 'HAVING MAX(hits.score) < ? OR (MAX(hits.score) = ? AND (hits.space_id > ? OR (hits.space_id = ? AND hits.page_id > ?)))'
      : ''
    const rows = await this.run(
      query,
      filter,
      `SELECT hits.space_id, hits.page_id, MAX(hits.score) AS best FROM hits
        GROUP BY hits.space_id, hits.page_id ${having}
        ORDER BY best DESC, hits.space_id ASC, hits.page_id ASC LIMIT ?`,
      [
        ...(after ? [after.score, after.score, after.spaceId, after.spaceId, after.pageId] : []),
        options.limit,
      ]
    )
    return rows.map((row) => ({
      spaceId: row.space_id,
      pageId: row.page_id,
      score: Number(row.best),
    }))
  }

  async countPages(query: SearchQuery, filter: SearchFilter) {
    const rows = await this.run(
      query,
      filter,
      'SELECT COUNT(*) AS total FROM (SELECT DISTINCT hits.space_id, hits.page_id FROM hits) pages',
      []
    )
    return Number(rows[0]?.total ?? 0)
  }

  async sections(query: SearchQuery, filter: SearchFilter) {
    const rows = await this.run(
      query,
      filter,
      `SELECT s.space_id, s.page_id, s.section_id, s.position, s.section_title, s.page_title, s.page_path,
          s.page_description, s.body, hits.score
        FROM hits INNER JOIN search_sections s ON s.id = hits.id
        ORDER BY hits.score DESC, s.space_id ASC, s.page_id ASC, s.position ASC`,
      []
    )
    return rows.map((row) => ({
      spaceId: row.space_id,
      pageId: row.page_id,
      sectionId: row.section_id,
      position: Number(row.position),
      sectionTitle: row.section_title,
      pageTitle: row.page_title,
      pagePath: row.page_path,
      pageDescription: row.page_description,
      body: row.body,
      score: Number(row.score),
    }))
  }
}

/**
 * SQLite: the external-content FTS5 table `search_sections_fts`, ranked by bm25 with column weights.
 * Each token is a quoted FTS5 string (the last one may be a prefix), implicitly ANDed. The CTE is
 * MATERIALIZED because FTS5's bm25() may not run inside a flattened aggregate.
 */
export class SqliteSearchEngine extends SqlSearchEngine {
  protected cteKeyword = 'AS MATERIALIZED'

  static matchExpression(query: SearchQuery): string {
    return query.tokens
      .map(({ token, prefix }) => `"${token.replaceAll('"', '""')}"${prefix ? '*' : ''}`)
      .join(' ')
  }

  protected hits(query: SearchQuery, where: Sql): Sql {
    return {
      sql: `SELECT s.id, s.space_id, s.page_id,
          CASE WHEN s.id IN (SELECT rowid FROM search_sections_fts WHERE search_sections_fts MATCH ?) THEN ${2 * TIER} ELSE 0 END
          + CASE WHEN s.id IN (SELECT rowid FROM search_sections_fts WHERE search_sections_fts MATCH ?) THEN ${TIER} ELSE 0 END
          + MIN(${TIER - 1}, CAST(ROUND(MAX(0, -bm25(search_sections_fts, ${WEIGHTS.title}.0, ${WEIGHTS.page}.0, ${WEIGHTS.body}.0)) * ${SCORE_SCALE}) AS INTEGER)) AS score
        FROM search_sections_fts INNER JOIN search_sections s ON s.id = search_sections_fts.rowid
        WHERE search_sections_fts MATCH ? AND ${where.sql}`,
      bindings: [
        `{title_terms} : (${SqliteSearchEngine.matchExpression(query)})`,
        `{page_terms} : (${SqliteSearchEngine.matchExpression(query)})`,
        SqliteSearchEngine.matchExpression(query),
        ...where.bindings,
      ],
    }
  }
}

/**
 * MySQL / MariaDB: InnoDB FULLTEXT in boolean mode. The three-column index filters (`+token` for
 * each token, `token*` for a prefix); the one-column indexes give each column's relevance, weighed.
 * Tokens are letters, digits and marks only (see terms.ts), so no boolean operator can reach the
 * engine from a query.
 */
export class MysqlSearchEngine extends SqlSearchEngine {
  protected cteKeyword = 'AS'

  static booleanExpression(query: SearchQuery, required: boolean): string {
    return query.tokens
      .map(({ token, prefix }) => `${required ? '+' : ''}${token}${prefix ? '*' : ''}`)
      .join(' ')
  }

  protected hits(query: SearchQuery, where: Sql): Sql {
    const all = MysqlSearchEngine.booleanExpression(query, true)
    const any = MysqlSearchEngine.booleanExpression(query, false)
    return {
      sql: `SELECT s.id, s.space_id, s.page_id,
          CASE WHEN MATCH (s.title_terms) AGAINST (? IN BOOLEAN MODE) > 0 THEN ${2 * TIER} ELSE 0 END
          + CASE WHEN MATCH (s.page_terms) AGAINST (? IN BOOLEAN MODE) > 0 THEN ${TIER} ELSE 0 END
          + LEAST(${TIER - 1}, CAST(ROUND((
            MATCH (s.title_terms) AGAINST (? IN BOOLEAN MODE) * ${WEIGHTS.title}
            + MATCH (s.page_terms) AGAINST (? IN BOOLEAN MODE) * ${WEIGHTS.page}
            + MATCH (s.body_terms) AGAINST (? IN BOOLEAN MODE) * ${WEIGHTS.body}
          ) * ${SCORE_SCALE}) AS SIGNED)) AS score
        FROM search_sections s
        WHERE MATCH (s.title_terms, s.page_terms, s.body_terms) AGAINST (? IN BOOLEAN MODE) AND ${where.sql}`,
      bindings: [all, all, any, any, any, all, ...where.bindings],
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
