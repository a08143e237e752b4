import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { toSqlTimestamp } from '#core/database/timestamps'
import { verifyVisitorToken } from '#sites/visitor_tokens'
import SiteLocator, {
  locateIn,
  rootPath,
  safeDecode,
  type LocatedSite,
} from '#sites/services/site_locator'
import SpaceAccessService from '#spaces/services/space_access_service'
import ShareLinkService from '#sites/services/share_link_service'
import { loadSiteStructure } from '#sites/services/site_structure_service'

const API_TOKEN_LIFETIME = '1 hour'
const API_TOKEN_NAME = 'published content'

export type PublishedContent = {
  site: string
  siteSection?: string
  siteSpace: string
  space: string
  pathname: string
  basePath: string
  siteBasePath: string
  apiToken: string
  organization: string
  shareKey?: string
  complete: boolean
  canonicalUrl: string
}

const notFound = () => new NotFoundException('No published content could be found at this URL')

/**
 * GitBook's `getPublishedContentByUrl`: which site, section, site space and space a published URL
 * shows, and the page path below them. Only published sites resolve, and only for a caller who may
 * read them: any caller for public and unlisted sites, the holder of an active share key for
 * share-link sites, the holder of a visitor JWT signed with the site's key for visitor-auth sites,
 * and the organization's members for every site.
 */
@inject()
export default class PublishedUrlService {
  constructor(
    private locator: SiteLocator,
    private shareLinks: ShareLinkService,
    private spaceAccess: SpaceAccessService
  ) {}

  async resolve(caller: User, input: { url: string; visitorAuthToken?: string }) {
    let url: URL
    try {
      url = new URL(input.url)
    } catch {
      throw BadRequestException.invalid({
        field: 'url',
        message: 'The url must be an absolute URL',
      })
    }
    const located = await this.locator.locate(url)
    if (!located || !located.site.published) throw notFound()
    const { site, basePath } = located
    const shareKey = url.searchParams.get('share') ?? undefined
    if (
      !(await this.mayRead(
        caller,
        located,
        shareKey,
        input.visitorAuthToken ?? url.searchParams.get('jwt_token') ?? undefined
      ))
    ) {
      throw notFound()
    }

    const structure = await loadSiteStructure(db, site.id)
    const segments = url.pathname
      .slice(basePath.length)
      .split('/')
      .filter((segment) => segment !== '')
      .map(safeDecode)
    const location = locateIn(site, structure, segments)
    if (!location) throw notFound()
    const { section, siteSpace, consumed } = location

    const pageSegments = segments.slice(consumed.length)
    const spaceBase = [rootPath(located), ...consumed.map(encodeURIComponent)].join('/')
    // Each resolution mints a short-lived token; the caller's expired ones go first, so that
    // resolving URLs again and again keeps at most an hour's worth of them.
    await db
      .from('auth_access_tokens')
      .where('tokenable_id', caller.id)
      .where('name', API_TOKEN_NAME)
      .where('expires_at', '<', toSqlTimestamp(new Date()))
      .delete()
    const token = await User.accessTokens.create(caller, ['space:read'], {
      name: API_TOKEN_NAME,
      expiresIn: API_TOKEN_LIFETIME,
    })
    const origin = `${url.protocol}//${url.host}`
    const pathname = pageSegments.map(encodeURIComponent).join('/')
    return {
      site: site.id,
      ...(section ? { siteSection: section.id } : {}),
      siteSpace: siteSpace.id,
      space: siteSpace.spaceId,
      pathname,
      basePath: `${spaceBase}/`,
      siteBasePath: basePath,
      apiToken: token.value!.release(),
      organization: site.organizationId,
      ...(shareKey ? { shareKey } : {}),
      complete: true,
      canonicalUrl: `${origin}${spaceBase}${pathname ? `/${pathname}` : ''}`,
    } satisfies PublishedContent
  }

  private async mayRead(
    caller: User,
    { site, reader }: LocatedSite,
    shareKey: string | undefined,
    visitorToken: string | undefined
  ): Promise<boolean> {
    if (await this.spaceAccess.membership(caller.id, site.organizationId)) return true
    switch (site.visibility) {
      case 'public':
      case 'unlisted':
        return true
      case 'share-link':
        return shareKey
          ? (await this.shareLinks.activeShareLink(db, site.id, shareKey)) !== null
          : false
      case 'visitor-auth':
        return visitorToken
          ? (await verifyVisitorToken(reader.privateKey, visitorToken)) !== null
          : false
    }
  }
}
