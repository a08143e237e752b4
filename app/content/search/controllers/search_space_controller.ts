import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import SearchService from '#content/search/search_service'
import { searchQueryValidator } from '#content/search/search_validators'
import { serializeSearchPage } from '#content/search/search_serializer'

/**
 * GET /v1/spaces/{spaceId}/search — ranked pages of the space matching `query`.
 */
@inject()
export default class SearchSpaceController {
  constructor(private search: SearchService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await request.validateQuery(searchQueryValidator)
    const results = await this.search.searchSpace(user.id, params.spaceId, input)
    return listEnvelope(results.pages.map(serializeSearchPage), results.count, results.next)
  }
}
