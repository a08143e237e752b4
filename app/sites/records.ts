import type { DateTime } from 'luxon'
import { camelRow, toBoolean } from '#core/database/columns'
import { fromSqlTimestamp } from '#core/database/timestamps'
import type { OrganizationAccess } from '#organizations/organization_access'

/** `SiteType` of GitBook's API; a self-hosted server bills nothing, so the type is a label. */
export const SITE_TYPES = [
  'basic',
  'premium',
  'ultimate',
  'sponsored',
  'legacy-basic',
  'legacy-premium',
] as const
export type SiteType = (typeof SITE_TYPES)[number]

export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number]

export const AGENTS_CONTEXTS = ['excluded', 'included'] as const
export type AgentsContext = (typeof AGENTS_CONTEXTS)[number]

/** What POST /sites accepts instead of space ids: a new space, with sample content or empty. */
export const NEW_SPACE_KINDS = ['sample', 'empty'] as const
export type NewSpaceKind = (typeof NEW_SPACE_KINDS)[number]

/**
 * A site as stored, read from a plain row, with the number of site spaces it publishes.
 */
export type SiteRecord = {
  id: string
  organizationId: string
  type: SiteType
  title: string
  hostname: string | null
  basename: string | null
  visibility: SiteVisibility
  published: boolean
  adaptiveContent: boolean
  agentsContext: AgentsContext
  proxy: string | null
  defaultSiteSpaceId: string | null
  defaultSiteSectionId: string | null
  createdAt: DateTime
  siteSpaceCount: number
}

/** A site as one caller reaches it: through their access to its organization. */
export type SiteAccess = { site: SiteRecord; access: OrganizationAccess }

export type SectionRecord = {
  id: string
  siteId: string
  sectionGroupId: string | null
  title: string
  description: string | null
  path: string
  condition: string | null
  icon: string | null
  defaultSiteSpaceId: string | null
  position: number
}

export type SectionGroupRecord = {
  id: string
  siteId: string
  title: string
  icon: string | null
  position: number
}

export type SiteSpaceRecord = {
  id: string
  siteId: string
  siteSectionId: string | null
  spaceId: string
  path: string
  title: string | null
  condition: string | null
  hidden: boolean
  position: number
}

export type ShareLinkRecord = {
  id: string
  siteId: string
  name: string
  active: boolean
  key: string
  createdAt: DateTime
}

export const SITE_COLUMNS = [
  'st.id',
  'st.organization_id',
  'st.type',
  'st.title',
  'st.hostname',
  'st.basename',
  'st.visibility',
  'st.published',
  'st.adaptive_content',
  'st.agents_context',
  'st.proxy',
  'st.default_site_space_id',
  'st.default_site_section_id',
  'st.created_at',
]

export function siteFromRow(row: Record<string, any>): SiteRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    type: row.type,
    title: row.title,
    hostname: row.hostname ?? null,
    basename: row.basename ?? null,
    visibility: row.visibility,
    published: toBoolean(row.published),
    adaptiveContent: toBoolean(row.adaptive_content),
    agentsContext: row.agents_context,
    proxy: row.proxy ?? null,
    defaultSiteSpaceId: row.default_site_space_id ?? null,
    defaultSiteSectionId: row.default_site_section_id ?? null,
    createdAt: fromSqlTimestamp(row.created_at)!,
    siteSpaceCount: Number(row.site_space_count ?? 0),
  }
}

/** The parts of a site's structure from their rows; every other column is a plain value. */
export const sectionFromRow = (row: Record<string, any>): SectionRecord => ({
  ...camelRow<SectionRecord>(row),
  position: Number(row.position),
})

export const sectionGroupFromRow = (row: Record<string, any>): SectionGroupRecord => ({
  ...camelRow<SectionGroupRecord>(row),
  position: Number(row.position),
})

export const siteSpaceFromRow = (row: Record<string, any>): SiteSpaceRecord => ({
  ...camelRow<SiteSpaceRecord>(row),
  hidden: toBoolean(row.hidden),
  position: Number(row.position),
})

export const shareLinkFromRow = (row: Record<string, any>): ShareLinkRecord => ({
  ...camelRow<ShareLinkRecord>(row),
  active: toBoolean(row.active),
  createdAt: fromSqlTimestamp(row.created_at)!,
})

/**
 * A path segment from a title: lowercase ASCII letters, digits and hyphens, at most 100 characters
 * ("Getting Started!" → "getting-started"); `fallback` when nothing is left.
 */
export function slugOf(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90)
    .replace(/-+$/, '')
  return slug || fallback
}

/**
 * `base`, or `base-2`, `base-3`, ... : the first that `taken` does not hold.
 */
export function uniquePath(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
