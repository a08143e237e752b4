import { inject } from '@adonisjs/core'
import router from '@adonisjs/core/services/router'
import type User from '#accounts/models/user'
import OrganizationService from '#organizations/services/organization_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import SearchService, { type SearchResults } from '#content/search/search_service'
import { parseQuery } from '#content/search/terms'
import { organizationHeader } from '#console/serializers/administration_props'
import { searchHitProps } from '#console/serializers/search_props'
import { contentSpace } from '#console/services/console_content_service'

/** Results shown per page of the console's search. */
export const SEARCH_PAGE_SIZE = 20

/**
 * What the console's search box sent: the query ('' = nothing searched yet), the cursor of a
 * further page of results, and why it cannot be searched (the validator's message), if so.
 */
export type ConsoleSearchInput = { query: string; page?: string; error?: string }

/**
 * The console's search, through the content domain's search service and so under the API's
 * search rules: a space's current content (404 for a space the user cannot read), or every space
 * of an organization the user may read (404 for non-members; guests find what is shared with
 * them). Hits become console links with the searched words marked.
 */
@inject()
export default class ConsoleSearchService {
  constructor(
    private search: SearchService,
    private spaces: SpaceAccessService,
    private organizations: OrganizationService
  ) {}

  async space(user: User, spaceId: string, input: ConsoleSearchInput) {
    const access = await this.spaces.spaceFor(user.id, spaceId)
    const organization = await this.organizations.accessFor(user, access.space.organizationId)
    const action = router.makeUrl('console.spaces.search', { spaceId: access.space.id })
    const results = this.searched(input)
      ? await this.search.searchSpace(user.id, access.space.id, this.listQuery(input))
      : null
    return {
      organization: organizationHeader(user, organization),
      space: contentSpace(access),
      ...this.shown(action, input, results),
    }
  }

  async organization(user: User, organizationId: string, input: ConsoleSearchInput) {
    const organization = await this.organizations.accessFor(user, organizationId)
    const action = router.makeUrl('console.search', {
      organizationId: organization.organization.id,
    })
    const results = this.searched(input)
      ? await this.search.searchOrganization(
          user.id,
          organization.organization.id,
          this.listQuery(input)
        )
      : null
    return {
      organization: organizationHeader(user, organization),
      ...this.shown(action, input, results, results?.spaceTitles),
    }
  }

  private searched(input: ConsoleSearchInput) {
    return input.query !== '' && input.error === undefined
  }

  private listQuery(input: ConsoleSearchInput) {
    return {
      query: input.query,
      limit: SEARCH_PAGE_SIZE,
      ...(input.page ? { page: input.page } : {}),
    }
  }

  /** The search form's `action` and query, and the results (null before a search). */
  private shown(
    action: string,
    input: ConsoleSearchInput,
    results: SearchResults | null,
    spaceTitles?: Map<string, string>
  ) {
    const needles = parseQuery(input.query).needles
    return {
      search: { action, query: input.query, error: input.error ?? null },
      results: results && {
        count: results.count,
        firstRank: results.pages[0]?.rank ?? 1,
        hits: results.pages.map((page) =>
          searchHitProps(page, needles, spaceTitles?.get(page.spaceId))
        ),
        nextUrl: results.next
          ? `${action}?${new URLSearchParams({ query: input.query, page: results.next.page })}`
          : null,
        firstUrl: input.page ? `${action}?${new URLSearchParams({ query: input.query })}` : null,
      },
    }
  }
}
