import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import SearchService from '#content/search/search_service'
import { searchQueryValidator } from '#content/search/search_validators'
import { serializeSearchSpaces } from '#content/search/search_serializer'

/**
 * GET /v1/orgs/{organizationId}/search — ranked pages of every space the caller can read, grouped
 * by space. `limit` and the cursor count pages (as `rank` does); `count` is the number of matching
 * pages.
 */
@inject()
export default class SearchOrganizationController {
  constructor(private search: SearchService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await request.validateQuery(searchQueryValidator)
    const results = await this.search.searchOrganization(user.id, params.organizationId, input)
    return listEnvelope(
      serializeSearchSpaces(results.pages, results.spaceTitles),
      results.count,
      results.next
    )
  }
}
