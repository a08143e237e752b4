import db from '@adonisjs/lucid/services/db'
import { LRUCache } from 'lru-cache'
import { appUrl } from '#config/app'
import { parseJson } from '#core/database/columns'
import { SITES_PREFIX } from '#sites/published_urls'
import { SITE_COLUMNS, siteFromRow, type SiteRecord } from '#sites/records'
import type { SiteStructure } from '#sites/services/site_structure_service'
import type { SectionRecord, SiteSpaceRecord } from '#sites/records'

/** A path may not hold more segments than this to be looked at (the rest is the page's path). */
const MAX_PROXY_SEGMENTS = 8

/** What the published reader needs of a site beyond its record. */
export type ReaderSettings = {
  privateKey: string
  fallbackUrl: string | null
  adaptiveSchema: Record<string, unknown> | null
  updatedAt: string
}

/**
 * A site found from a URL: the site, the path of its base on that host (always ending in `/`), and
 * the hostname of its organization (its URLs on this server use it).
 */
export type LocatedSite = {
  site: SiteRecord
  basePath: string
  organizationHostname: string | null
  reader: ReaderSettings
}

/** Where a path below a site's base leads: the section, site space and the rest (the page). */
export type Location = {
  section: SectionRecord | null
  siteSpace: SiteSpaceRecord
  /** Segments naming the section and site space (none for defaults). */
  consumed: string[]
  /** Segments below the site space: the page's path. */
  rest: string[]
}

const appBase = new URL(appUrl)
const appPrefix = `${appBase.pathname.replace(/\/$/, '')}${SITES_PREFIX}/`

/** Hosts that serve no site, remembered briefly: requests on them skip the lookup. */
/** A Host header worth a lookup: a DNS name or an address, with an optional port. */
const HOST = /^[a-z0-9.[\]:-]{1,300}$/

const siteHosts = new LRUCache<string, boolean>({ max: 1000, ttl: 5000 })

/**
 * Finds the site a URL points into: a custom hostname, a proxy (host + path prefix), or this
 * server's `/sites/{organization}/{site}`. One query in each case.
 */
export default class SiteLocator {
  async locate(url: URL): Promise<LocatedSite | null> {
    const byHost = await this.locateOnHost(url.host, url.pathname)
    if (byHost) return byHost
    if (url.origin !== appBase.origin || !url.pathname.startsWith(appPrefix)) return null
    const [org, site] = url.pathname.slice(appPrefix.length).split('/').map(safeDecode)
    return org && site ? this.locateOnServer(org, site) : null
  }

  /** A site at `/sites/{organization}/{site}` of this server (hostname or id, basename or id). */
  async locateOnServer(org: string, siteSlug: string): Promise<LocatedSite | null> {
    const row = await this.sites()
      .where((q) => q.where('org.hostname', org).orWhere('org.id', org))
      .where((q) => q.where('st.basename', siteSlug).orWhere('st.id', siteSlug))
      .first()
    if (!row) return null
    return this.located(
      row,
      `${appPrefix}${encodeURIComponent(org)}/${encodeURIComponent(siteSlug)}/`
    )
  }

  /** A site by id, at its URL on this server (for members, who reach every site there). */
  async locateById(siteId: string): Promise<LocatedSite | null> {
    const row = await this.sites().where('st.id', siteId).first()
    if (!row) return null
    return this.located(
      row,
      `${appPrefix}${encodeURIComponent(row.organization_hostname ?? row.organization_id)}/${encodeURIComponent(row.basename ?? row.id)}/`
    )
  }

  /**
   * The site served on a host of its own (`hostname`) or under a proxy prefix of it. Hosts that
   * serve no site are remembered for a few seconds, so the API's requests cost nothing here.
   */
  async locateOnHost(hostHeader: string, pathname: string): Promise<LocatedSite | null> {
    const host = hostHeader.toLowerCase()
    if (!HOST.test(host) || siteHosts.get(host) === false) return null
    const rows = await this.sites()
      .where((q) => q.where('st.hostname', host).orWhere('st.proxy', 'like', `${host}/%`))
      .limit(100)
    siteHosts.set(host, rows.length > 0)
    const byHostname = rows.find((row) => row.hostname === host)
    if (byHostname) return this.located(byHostname, '/')
    const segments = pathname
      .split('/')
      .filter((s) => s !== '')
      .slice(0, MAX_PROXY_SEGMENTS)
    const prefixes = new Set(
      segments.map((_, i) => `${host}/${segments.slice(0, i + 1).join('/')}`)
    )
    const byProxy = rows
      .filter((row) => prefixes.has(String(row.proxy).replace(/\/+$/, '')))
      .sort((a, b) => b.proxy.length - a.proxy.length)[0]
    if (!byProxy) return null
    const path = String(byProxy.proxy).replace(/\/+$/, '').split('/').slice(1).join('/')
    return this.located(byProxy, `/${path}/`)
  }

  private sites() {
    return db
      .from('sites as st')
      .join('organizations as org', 'org.id', 'st.organization_id')
      .select(SITE_COLUMNS)
      .select(
        'st.auth_private_key',
        'st.auth_fallback_url',
        'st.adaptive_schema',
        'st.updated_at',
        'org.hostname as organization_hostname'
      )
  }

  private located(row: Record<string, any>, basePath: string): LocatedSite {
    return {
      site: siteFromRow(row),
      basePath,
      organizationHostname: row.organization_hostname ?? null,
      reader: {
        privateKey: row.auth_private_key,
        fallbackUrl: row.auth_fallback_url ?? null,
        adaptiveSchema: parseJson<Record<string, unknown>>(row.adaptive_schema) ?? null,
        updatedAt: String(row.updated_at),
      },
    }
  }
}

/**
 * Which section and site space a path below a site's base names: the first segment is a section's
 * path (none: the default section), the next a site space's path in it (none: its default). Parts
 * missing from `structure` (filtered for a visitor) do not match; a default that is missing gives
 * way to the first of its siblings left.
 */
export function locateIn(
  site: Pick<SiteRecord, 'defaultSiteSectionId' | 'defaultSiteSpaceId'>,
  structure: Pick<SiteStructure, 'sections' | 'siteSpaces'>,
  segments: string[]
): Location | null {
  let consumed: string[] = []
  let section: SectionRecord | null = null
  if (structure.sections.length > 0) {
    const fallback =
      structure.sections.find((s) => s.id === site.defaultSiteSectionId) ?? structure.sections[0]
    section = structure.sections.find((s) => s.path === segments[0] && s.id !== fallback.id) ?? null
    if (section) consumed = segments.slice(0, 1)
    else section = fallback
  }
  const candidates = structure.siteSpaces.filter((s) => s.siteSectionId === (section?.id ?? null))
  if (candidates.length === 0) return null
  const parentDefault = section ? section.defaultSiteSpaceId : site.defaultSiteSpaceId
  const fallback = candidates.find((s) => s.id === parentDefault) ?? candidates[0]
  const next = segments[consumed.length]
  let siteSpace = candidates.find((s) => s.path === next && s.id !== fallback.id)
  if (siteSpace) consumed = [...consumed, next]
  else siteSpace = fallback
  return { section, siteSpace, consumed, rest: segments.slice(consumed.length) }
}

/** The site's base path without its trailing slash (`` for a host's root). */
export function rootPath(located: Pick<LocatedSite, 'basePath'>): string {
  return located.basePath.replace(/\/$/, '')
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return ''
  }
}
