import { appUrl } from '#config/app'
import type { SectionRecord, SiteRecord, SiteSpaceRecord } from '#sites/records'

/**
 * Where readers find a site. Without a hostname or proxy of its own, a site lives on this server at
 * `APP_URL/sites/{organization}/{site}`: the organization's hostname (its subdomain name) or id, then
 * the site's basename or id. `/sites` cannot collide with `/v1`, `/console` or `/assets`. A custom
 * hostname serves the site at that host's root, a proxy at `host/path` (same scheme as APP_URL).
 *
 * Below the site's base: the section's path (none for the default section), then the site space's
 * path (none for the default site space of its parent).
 */
export const SITES_PREFIX = '/sites'

const scheme = new URL(appUrl).protocol

export type OrganizationRef = { id: string; hostname: string | null }

export function siteBaseUrl(site: SiteRecord, organization: OrganizationRef): string {
  if (site.proxy) return `${scheme}//${site.proxy.replace(/\/+$/, '')}`
  if (site.hostname) return `${scheme}//${site.hostname}`
  const org = encodeURIComponent(organization.hostname ?? organization.id)
  return `${appUrl}${SITES_PREFIX}/${org}/${encodeURIComponent(site.basename ?? site.id)}`
}

type SiteDefaults = Pick<SiteRecord, 'defaultSiteSectionId' | 'defaultSiteSpaceId'>

export function sectionUrl(
  base: string,
  site: SiteDefaults,
  section: Pick<SectionRecord, 'id' | 'path'>
): string {
  return site.defaultSiteSectionId === section.id
    ? base
    : `${base}/${encodeURIComponent(section.path)}`
}

/**
 * A site space's URL: below its section's URL, or the site's base for a site space at the root;
 * none of its own when it is its parent's default.
 */
export function siteSpaceUrl(
  base: string,
  site: SiteDefaults,
  siteSpace: Pick<SiteSpaceRecord, 'id' | 'path'>,
  section: Pick<SectionRecord, 'id' | 'path' | 'defaultSiteSpaceId'> | null
): string {
  const parentUrl = section ? sectionUrl(base, site, section) : base
  const defaultId = section ? section.defaultSiteSpaceId : site.defaultSiteSpaceId
  return defaultId === siteSpace.id
    ? parentUrl
    : `${parentUrl}/${encodeURIComponent(siteSpace.path)}`
}

/**
 * A share link's URL: the site's, carrying the link's secret key.
 */
export function shareLinkUrl(base: string, key: string): string {
  return `${base}?share=${encodeURIComponent(key)}`
}

/**
 * A URL inside a share-link site, for the holder of `shareKey`: the key travels along.
 */
export function withShareKey(url: string, shareKey: string | undefined): string {
  return shareKey ? shareLinkUrl(url, shareKey) : url
}
