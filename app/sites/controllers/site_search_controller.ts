import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { serializeSearchSpaces } from '#content/search/search_serializer'
import SiteController from '#sites/controllers/site_controller'
import PublishedIndexService, {
  type SiteSearchScope,
} from '#sites/services/published_index_service'
import PublishedSiteService from '#sites/services/published_site_service'
import SiteLocator from '#sites/services/site_locator'
import { MEMBER } from '#sites/services/site_visitor_service'
import { siteSearchValidator } from '#sites/validators/site_validators'

/**
 * POST /v1/orgs/{organizationId}/sites/{siteId}/search (searchSiteContent): ranked pages of the
 * site's spaces within the scope, grouped by space. Members read all of a site, as in a preview.
 */
export default class SiteSearchController extends SiteController {
  @inject()
  async handle(
    ctx: HttpContext,
    locator: SiteLocator,
    published: PublishedSiteService,
    index: PublishedIndexService
  ) {
    const { site } = await this.siteFor(ctx, 'view')
    const list = await ctx.request.validateQuery(listQueryValidator)
    const body = await ctx.request.validateBody(siteSearchValidator)
    const located = await locator.locateById(site.id)
    if (!located) throw NotFoundException.resource('site', site.id)
    const views = index.inScope(await published.openAll(located, MEMBER), located, scopeOf(body))
    const results = await index.search(views, { ...list, query: body.query })
    const titles = new Map([...results.views].map(([spaceId, view]) => [spaceId, view.space.title]))
    return listEnvelope(serializeSearchSpaces(results.pages, titles), results.count, results.next)
  }
}

/** The scope of the request: `scope`, else the deprecated `mode` fields, else everywhere. */
function scopeOf(body: {
  scope?: {
    mode: 'all' | 'default' | 'specific'
    currentSiteSpace?: string
    restrictTo?: 'currentSiteSpace' | 'otherSiteSpaces'
    siteSpaceIds?: string[]
  }
  mode?: 'all' | 'current' | 'specific'
  siteSpaceId?: string
  siteSpaceIds?: string[]
}): SiteSearchScope {
  const scope = body.scope
  if (scope?.mode === 'specific')
    return { mode: 'specific', siteSpaceIds: scope.siteSpaceIds ?? [] }
  if (scope?.mode === 'default') {
    return {
      mode: 'default',
      currentSiteSpace: scope.currentSiteSpace,
      restrictTo: scope.restrictTo,
    }
  }
  if (scope) return { mode: 'all' }
  if (body.siteSpaceIds) return { mode: 'specific', siteSpaceIds: body.siteSpaceIds }
  if (body.mode === 'current' && body.siteSpaceId) {
    return { mode: 'default', currentSiteSpace: body.siteSpaceId }
  }
  return { mode: 'all' }
}
