import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { DEFAULT_PAGE_SIZE, type ListQuery } from '#core/http/pagination'
import SpaceAccessService from '#spaces/services/space_access_service'
import { chunks, WHERE_IN_CHUNK } from '#core/database/chunks'
import {
  searchEngineFor,
  SCORE_SCALE,
  type Cursor,
  type IndexScope,
  type RankedPage,
} from '#content/search/engines'
import { parseQuery, scopeToken } from '#content/search/terms'
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

/** Which sections a search looks at. Hidden pages are never indexed. */
export type SearchFilter = {
  spaceIds: string[]
  /**
   * The organization of every space searched and its other spaces (live or deleted: the index
   * holds a deleted space's pages until it is purged), when the caller knows them already.
   */
  organization?: { id: string; otherSpaceIds: string[] }
  /** Never these pages (page ids are unique across spaces): what a reader may not see. */
  excludedPageIds?: string[]
}

export type SpaceSearchResults = SearchResults & { spaceId: string }
export type OrganizationSearchResults = SearchResults & { spaceTitles: Map<string, string> }

/**
 * Full-text search of the content of spaces' current revisions.
 *
 * Pagination: results are pages ranked by their best section (score desc, then the page's key in
 * the index, in the order pages were first indexed). The cursor holds the last result's (score,
 * page key) and its rank, and the next page starts strictly after it: no offsets. Scores depend on the whole index (term
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
      // Deleted ones too: the index keeps their pages until they are purged.
      db
        .from('spaces')
        .where('organization_id', organizationId)
        .select('id', 'parent_id', 'default_level', 'title', 'deleted_at'),
    ])
    const readable = spaces.filter(
      (space) =>
        space.deleted_at === null &&
        resolver.forSpace({
          id: space.id,
          parentId: space.parent_id ?? null,
          defaultLevel: space.default_level ?? null,
        }) !== null
    )
    const readableIds = new Set(readable.map((space) => space.id as string))
    const results = await this.search(
      db.connection(),
      {
        spaceIds: [...readableIds],
        organization: {
          id: organizationId,
          otherSpaceIds: spaces
            .map((space) => space.id as string)
            .filter((id) => !readableIds.has(id)),
        },
      },
      input
    )
    return {
      ...results,
      spaceTitles: new Map(readable.map((space) => [space.id as string, space.title as string])),
    }
  }

  /**
   * Ranked pages of the sections `filter` allows, with their best matching sections: one
   * full-text statement ranks, counts and cuts the page of results (two on MySQL), then one reads
   * the shown sections and their pages.
   */
  async search(
    client: QueryClientContract,
    filter: SearchFilter,
    input: SearchInput
  ): Promise<SearchResults> {
    const query = parseQuery(input.query)
    const limit = input.limit ?? DEFAULT_PAGE_SIZE
    const cursor = input.page ? decodeCursor(input.page) : undefined
    const spaceIds = [...new Set(filter.spaceIds)]
    if (query.tokens.length === 0 || spaceIds.length === 0) return { pages: [], count: 0 }

    const ranking = await searchEngineFor(client).rank(
      query,
      await this.scopeOf(client, { ...filter, spaceIds }),
      { limit: limit + 1, after: cursor?.after, sectionsPerPage: MAX_SECTIONS_PER_PAGE }
    )
    const ranked = ranking.pages.slice(0, limit)
    const shown = await this.sectionsOf(client, ranked)
    const firstRank = (cursor?.rank ?? 0) + 1
    const pages = ranked.flatMap((page, index): PageResult[] => {
      const sections = page.sections.flatMap((section) => {
        const row = shown.get(section.id)
        return row ? [{ ...row, score: section.score }] : []
      })
      const first = sections[0]
      // Reindexed between the two statements: the page no longer matches.
      if (!first) return []
      return [
        {
          spaceId: first.spaceId,
          pageId: first.pageId,
          title: first.pageTitle,
          path: first.pagePath,
          description: first.pageDescription,
          score: toScore(page.score),
          rank: firstRank + index,
          sections: sections.map((section) => ({
            id: section.sectionId,
            title: section.title,
            body: excerpt(section.body, query.needles),
            score: toScore(section.score),
          })),
        },
      ]
    })
    const last = ranked[ranked.length - 1]
    const next =
      ranking.pages.length > limit && last
        ? { page: encodeCursor(last, firstRank + ranked.length - 1) }
        : undefined
    return { pages, count: ranking.total, next }
  }

  /**
   * How the index restricts `filter`: one space by its token; several spaces of one organization
   * by the organization's token, then by page keys when the organization has other spaces (the
   * shorter list of the two); spaces of several organizations (no caller today) by page keys only.
   */
  private async scopeOf(client: QueryClientContract, filter: SearchFilter): Promise<IndexScope> {
    const { spaceIds } = filter
    const excludedPages = filter.excludedPageIds?.length
      ? { spaceIds, pageIds: filter.excludedPageIds }
      : undefined
    if (spaceIds.length === 1) return { token: scopeToken('space', spaceIds[0]), excludedPages }
    const organization = filter.organization ?? (await this.organizationOf(client, spaceIds))
    if (!organization) return { onlySpaceIds: spaceIds, excludedPages }
    const token = scopeToken('organization', organization.id)
    const others = organization.otherSpaceIds
    if (others.length === 0) return { token, excludedPages }
    return others.length <= spaceIds.length
      ? { token, exceptSpaceIds: others, excludedPages }
      : { token, onlySpaceIds: spaceIds, excludedPages }
  }

  /** The one organization of `spaceIds` and its other spaces; undefined for several. */
  private async organizationOf(client: QueryClientContract, spaceIds: string[]) {
    const organizations = new Set<string>()
    for (const ids of chunks(spaceIds, WHERE_IN_CHUNK)) {
      const rows = await client.from('spaces').whereIn('id', ids).distinct('organization_id')
      for (const row of rows) organizations.add(row.organization_id)
    }
    if (organizations.size !== 1) return undefined
    const [id] = organizations
    const searched = new Set(spaceIds)
    const all = await client.from('spaces').where('organization_id', id).select('id')
    return {
      id,
      otherSpaceIds: all.map((row) => row.id as string).filter((spaceId) => !searched.has(spaceId)),
    }
  }

  /** What the results show of their sections: the section's and its page's text, by section id. */
  private async sectionsOf(client: QueryClientContract, pages: RankedPage[]) {
    const found = new Map<number, ShownSection>()
    const ids = pages.flatMap((page) => page.sections.map((section) => section.id))
    for (const part of chunks(ids, WHERE_IN_CHUNK)) {
      const rows = await client
        .from('search_sections as s')
        .innerJoin('search_pages as p', 'p.id', 's.page_key')
        .whereIn('s.id', part)
        .select(
          's.id',
          's.section_id',
          's.title',
          's.body',
          'p.space_id',
          'p.page_id',
          'p.title as page_title',
          'p.path',
          'p.description'
        )
      for (const row of rows) {
        found.set(Number(row.id), {
          sectionId: row.section_id,
          title: row.title,
          body: row.body,
          spaceId: row.space_id,
          pageId: row.page_id,
          pageTitle: row.page_title,
          pagePath: row.path,
          pageDescription: row.description,
        })
      }
    }
    return found
  }
}

type ShownSection = {
  sectionId: string
  title: string
  body: string
  spaceId: string
  pageId: string
  pageTitle: string
  pagePath: string
  pageDescription: string
}

function toScore(scaled: number): number {
  return Math.max(0, scaled) / SCORE_SCALE
}

function encodeCursor(after: Cursor, rank: number): string {
  return Buffer.from(JSON.stringify([after.score, after.pageKey, rank])).toString('base64url')
}

function decodeCursor(page: string): { after: Cursor; rank: number } {
  try {
    const value = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'))
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isSafeInteger(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] >= 0 &&
      Number.isSafeInteger(value[2]) &&
      value[2] >= 0
    ) {
      return { after: { score: value[0], pageKey: value[1] }, rank: value[2] }
    }
  } catch {}
  throw BadRequestException.invalid({
    field: 'page',
    message: `"${page.slice(0, 64)}" is not a valid page cursor`,
  })
}
