import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { DEFAULT_PAGE_SIZE, type ListQuery } from '#core/http/pagination'
import SpaceAccessService from '#spaces/services/space_access_service'
import {
  searchEngineFor,
  SCORE_SCALE,
  type Cursor,
  type SearchFilter,
  type SectionHit,
} from '#content/search/engines'
import { parseQuery } from '#content/search/terms'
import { excerpt } from '#content/search/excerpt'

/** At most this many matching sections are shown under one page. */
export const MAX_SECTIONS_PER_PAGE = 5

export type SearchInput = ListQuery & { query: string }

export type SectionResult = { id: string; title: string; body: string; score: number }

export type PageResult = {
  spaceId: string
  pageId: string
  title: string
  path: string
  description: string
  /** Relevance (higher is better), the best of its sections'. */
  score: number
  /** One-based position in the whole ranked result, across pages of results. */
  rank: number
  sections: SectionResult[]
}

export type SearchResults = { pages: PageResult[]; count: number; next?: { page: string } }

export type SpaceSearchResults = SearchResults & { spaceId: string }
export type OrganizationSearchResults = SearchResults & { spaceTitles: Map<string, string> }

/**
 * Full-text search of the content of spaces' current revisions.
 *
 * Pagination: results are pages ranked by their best section (score desc, then space and page id).
 * The cursor holds the last result's (score, space, page) and its rank, and the next page starts
 * strictly after it: no offsets, constant cost per page. Scores depend on the whole index (term
 * frequencies), so an index update between two requests may reorder results; the cursor then
 * continues from the same score downwards.
 */
@inject()
export default class SearchService {
  constructor(private access: SpaceAccessService) {}

  /** GET /v1/spaces/{spaceId}/search: 404 when the caller cannot read the space. */
  async searchSpace(
    userId: string,
    spaceId: string,
    input: SearchInput
  ): Promise<SpaceSearchResults> {
    const { space } = await this.access.spaceFor(userId, spaceId)
    const results = await this.search(db.connection(), { spaceIds: [space.id] }, input)
    return { ...results, spaceId: space.id }
  }

  /**
   * GET /v1/orgs/{organizationId}/search: every live space of the organization the caller can read
   * (guests: only what is granted to them). Results are ranked pages across those spaces; the
   * controller groups them by space. 404 for non-members.
   */
  async searchOrganization(
    userId: string,
    organizationId: string,
    input: SearchInput
  ): Promise<OrganizationSearchResults> {
    const membership = await this.access.membership(userId, organizationId)
    if (!membership) throw NotFoundException.resource('organization', organizationId)
    const [resolver, spaces] = await Promise.all([
      this.access.resolverFor(userId, organizationId, membership.role),
      db
        .from('spaces')
        .where('organization_id', organizationId)
        .whereNull('deleted_at')
        .select('id', 'parent_id', 'default_level', 'title'),
    ])
    const readable = spaces.filter(
      (space) =>
        resolver.forSpace({
          id: space.id,
          parentId: space.parent_id ?? null,
          defaultLevel: space.default_level ?? null,
        }) !== null
    )
    // Filtered by the readable spaces only: the spaces table says which organization a space is in.
    const results = await this.search(
      db.connection(),
      { spaceIds: readable.map((space) => space.id) },
      input
    )
    return {
      ...results,
      spaceTitles: new Map(readable.map((space) => [space.id as string, space.title as string])),
    }
  }

  /**
   * Ranked pages of the sections `filter` allows, with their best matching sections.
   */
  async search(
    client: QueryClientContract,
    filter: SearchFilter,
    input: SearchInput
  ): Promise<SearchResults> {
    const query = parseQuery(input.query)
    const limit = input.limit ?? DEFAULT_PAGE_SIZE
    const cursor = input.page ? decodeCursor(input.page) : undefined
    if (query.tokens.length === 0 || filter.spaceIds.length === 0) return { pages: [], count: 0 }

    const engine = searchEngineFor(client)
    const [ranked, count] = await Promise.all([
      engine.rankPages(query, filter, { limit: limit + 1, after: cursor?.after }),
      engine.countPages(query, filter),
    ])
    const pageRows = ranked.slice(0, limit)
    const hits = pageRows.length
      ? await engine.sections(query, {
          ...filter,
          pageIds: [...new Set(pageRows.map((page) => page.pageId))],
        })
      : []

    const sectionsOf = new Map<string, SectionHit[]>()
    for (const hit of hits) {
      const key = `${hit.spaceId}/${hit.pageId}`
      const list = sectionsOf.get(key) ?? []
      list.push(hit)
      sectionsOf.set(key, list)
    }
    const firstRank = (cursor?.rank ?? 0) + 1
    const pages = pageRows.flatMap((row, index): PageResult[] => {
      const sections = sectionsOf.get(`${row.spaceId}/${row.pageId}`) ?? []
      const first = sections[0]
      // Reindexed between the two queries: the page no longer matches.
      if (!first) return []
      return [
        {
          spaceId: row.spaceId,
          pageId: row.pageId,
          title: first.pageTitle,
          path: first.pagePath,
          description: first.pageDescription,
          score: toScore(row.score),
          rank: firstRank + index,
          sections: sections.slice(0, MAX_SECTIONS_PER_PAGE).map((section) => ({
            id: section.sectionId,
            title: section.sectionTitle,
            body: excerpt(section.body, query.needles),
            score: toScore(section.score),
          })),
        },
      ]
    })
    const last = pageRows[pageRows.length - 1]
    const next =
      ranked.length > limit && last
        ? { page: encodeCursor(last, firstRank + pageRows.length - 1) }
        : undefined
    return { pages, count, next }
  }
}

function toScore(scaled: number): number {
  return Math.max(0, scaled) / SCORE_SCALE
}

function encodeCursor(after: Cursor, rank: number): string {
  return Buffer.from(JSON.stringify([after.score, after.spaceId, after.pageId, rank])).toString(
    'base64url'
  )
}

function decodeCursor(page: string): { after: Cursor; rank: number } {
  try {
    const value = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 4 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string' &&
      typeof value[2] === 'string' &&
      Number.isSafeInteger(value[3]) &&
      value[3] >= 0
    ) {
      return { after: { score: value[0], spaceId: value[1], pageId: value[2] }, rank: value[3] }
    }
  } catch {}
  throw BadRequestException.invalid({
    field: 'page',
    message: `"${page.slice(0, 64)}" is not a valid page cursor`,
  })
}
