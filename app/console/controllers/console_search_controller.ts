import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import ConsoleSearchService, {
  type ConsoleSearchInput,
} from '#console/services/console_search_service'
import { consoleSearchValidator } from '#console/validators/search_validators'

/**
 * The console's search pages: GET /console/spaces/:spaceId/search?query=… (the space's current
 * content) and GET /console/orgs/:organizationId/search?query=… (every space the user may read),
 * with the search box, the ranked hits and a link to the next page. A query the API would refuse
 * (too long) is shown back with the reason, next to the box.
 */
@inject()
export default class ConsoleSearchController {
  constructor(private search: ConsoleSearchService) {}

  async space({ auth, inertia, params, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await searchInput(request)
    return inertia.render('search/space', await this.search.space(user, params.spaceId, input))
  }

  async organization({ auth, inertia, params, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await searchInput(request)
    return inertia.render(
      'search/organization',
      await this.search.organization(user, params.organizationId, input)
    )
  }
}

/**
 * The search box's query string, validated; a refused one keeps its text and the reason.
 */
async function searchInput(request: HttpContext['request']): Promise<ConsoleSearchInput> {
  try {
    const { query, page } = await request.validateUsing(consoleSearchValidator, {
      data: request.qs(),
    })
    return { query: query ?? '', ...(page ? { page } : {}) }
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const messages = error.messages as Array<{ message: string }>
    const raw = request.qs().query
    return { query: typeof raw === 'string' ? raw : '', error: messages[0]?.message }
  }
}
