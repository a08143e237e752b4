import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { jwtVerify } from 'jose'
import User from '#accounts/models/user'
import { appUrl } from '#config/app'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { toSqlTimestamp } from '#core/database/timestamps'
import { SITES_PREFIX } from '#sites/published_urls'
import { SITE_COLUMNS, siteFromRow, type SiteRecord } from '#sites/records'
import SpaceAccessService from '#spaces/services/space_access_service'
import ShareLinkService from '#sites/services/share_link_service'
import SiteStructureService from '#sites/services/site_structure_service'

/** A path may not hold more segments than this to be looked at (the rest is the page's path). */
const MAX_PROXY_SEGMENTS = 8
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
    private structure: SiteStructureService,
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
    const located = await this.locate(url)
    if (!located || !located.site.published) throw notFound()
    const { site, basePath } = located
    const shareKey = url.searchParams.get('share') ?? undefined
    if (
      !(await this.mayRead(
        caller,
        site,
        shareKey,
        input.visitorAuthToken ?? url.searchParams.get('jwt_token') ?? undefined
      ))
    ) {
      throw notFound()
    }

    const structure = await this.structure.load(db, site.id)
    const segments = url.pathname
      .slice(basePath.length)
      .split('/')
      .filter((segment) => segment !== '')
      .map(safeDecode)
    let consumed: string[] = []
    let section = null
    if (structure.sections.length > 0) {
      section =
        structure.sections.find(
          (s) => s.path === segments[0] && s.id !== site.defaultSiteSectionId
        ) ??
        structure.sections.find((s) => s.id === site.defaultSiteSectionId) ??
        null
      if (!section) throw notFound()
      if (section.id !== site.defaultSiteSectionId) consumed = segments.slice(0, 1)
    }
    const parentDefault = section ? section.defaultSiteSpaceId : site.defaultSiteSpaceId
    const candidates = structure.siteSpaces.filter((s) => s.siteSectionId === (section?.id ?? null))
    const next = segments[consumed.length]
    let siteSpace = candidates.find((s) => s.path === next && s.id !== parentDefault)
    if (siteSpace) consumed = [...consumed, next]
    else siteSpace = candidates.find((s) => s.id === parentDefault)
    if (!siteSpace) throw notFound()

    const pageSegments = segments.slice(consumed.length)
    const spaceBase = [basePath.replace(/\/$/, ''), ...consumed.map(encodeURIComponent)].join('/')
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

  /**
   * The site a URL points into, and the path of its base on that host: a custom hostname, a proxy
   * (host + path prefix), or this server's `/sites/{organization}/{site}`.
   */
  private async locate(url: URL) {
    const host = url.host.toLowerCase()
    const segments = url.pathname.split('/').filter((s) => s !== '')
    const byHostname = await this.sites().where('st.hostname', host).first()
    if (byHostname) return this.located(byHostname, '/')

    const prefixes = segments
      .slice(0, MAX_PROXY_SEGMENTS)
      .map((_, index) => `${host}/${segments.slice(0, index + 1).join('/')}`)
    if (prefixes.length > 0) {
      const byProxy = await this.sites().whereIn('st.proxy', prefixes).first()
      if (byProxy) return this.located(byProxy, `/${byProxy.proxy.split('/').slice(1).join('/')}/`)
    }

    const app = new URL(appUrl)
    const prefix = `${app.pathname.replace(/\/$/, '')}${SITES_PREFIX}/`
    if (url.origin !== app.origin || !url.pathname.startsWith(prefix)) return null
    const [org, siteSlug] = url.pathname.slice(prefix.length).split('/').map(safeDecode)
    if (!org || !siteSlug) return null
    const row = await this.sites()
      .where((q) => q.where('org.hostname', org).orWhere('org.id', org))
      .where((q) => q.where('st.basename', siteSlug).orWhere('st.id', siteSlug))
      .first()
    if (!row) return null
    const base = `${prefix}${encodeURIComponent(org)}/${encodeURIComponent(siteSlug)}/`
    return this.located(row, base)
  }

  private sites() {
    return db
      .from('sites as st')
      .join('organizations as org', 'org.id', 'st.organization_id')
      .select(SITE_COLUMNS)
  }

  private located(row: Record<string, any>, basePath: string) {
    return { site: siteFromRow(row), basePath }
  }

  private async mayRead(
    caller: User,
    site: SiteRecord,
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
        return visitorToken ? this.validVisitorToken(site.id, visitorToken) : false
    }
  }

  /**
   * A visitor JWT (HS256) signed with the site's current key and not expired.
   */
  private async validVisitorToken(siteId: string, token: string): Promise<boolean> {
    const row = await db.from('sites').where('id', siteId).select('auth_private_key').first()
    if (!row) return false
    try {
      await jwtVerify(token, new TextEncoder().encode(row.auth_private_key), {
        algorithms: ['HS256'],
      })
      return true
    } catch {
      return false
    }
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}
