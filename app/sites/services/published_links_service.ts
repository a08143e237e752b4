import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { appUrl } from '#config/app'
import { siteBaseUrl } from '#sites/published_urls'
import PublishedSiteService from '#sites/services/published_site_service'
import SiteLocator, { rootPath } from '#sites/services/site_locator'
import SiteVisitorService, { MEMBER } from '#sites/services/site_visitor_service'

export type PublishedPageLink = {
  siteId: string
  siteTitle: string
  published: boolean
  url: string
}

const appOrigin = new URL(appUrl).origin

/**
 * Links from the console to what readers see: a site's preview (members read unpublished sites
 * through it) and the published URLs of a page in every site that publishes its space.
 */
@inject()
export default class PublishedLinksService {
  constructor(
    private locator: SiteLocator,
    private sites: PublishedSiteService
  ) {}

  /** The site on this server with a preview token valid for an hour. */
  async previewUrl(siteId: string): Promise<string | null> {
    const located = await this.locator.locateById(siteId)
    if (!located) return null
    const token = encodeURIComponent(SiteVisitorService.previewToken(siteId))
    return `${appOrigin}${rootPath(located)}?preview=${token}`
  }

  /** Where a page of a space's current revision is published, site by site. */
  async pageUrls(spaceId: string, pageId: string): Promise<PublishedPageLink[]> {
    const rows = await db
      .from('site_spaces')
      .where('space_id', spaceId)
      .select('site_id')
      .distinct()
      .limit(50)
    const links: PublishedPageLink[] = []
    for (const { site_id: siteId } of rows) {
      const located = await this.locator.locateById(siteId)
      if (!located) continue
      const [view] = await this.sites.openAll(located, MEMBER, (s) => s.spaceId === spaceId)
      const page = view?.pages.byId.get(pageId)
      if (!view || !page || page.node.type !== 'document') continue
      const below = this.sites.pageUrl(view, page).slice(located.basePath.length - 1)
      const base = siteBaseUrl(located.site, {
        id: located.site.organizationId,
        hostname: located.organizationHostname,
      })
      links.push({
        siteId,
        siteTitle: located.site.title,
        published: located.site.published,
        url: `${base}${below === '/' ? '' : below}`,
      })
    }
    return links
  }
}
