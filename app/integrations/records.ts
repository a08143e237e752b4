import type { DateTime } from 'luxon'
import { parseJson, toBoolean } from '#core/database/columns'
import { fromSqlTimestamp } from '#core/database/timestamps'

/** GitBook's enums (IntegrationTarget, IntegrationVisibility, ... in @gitbook/api's OpenAPI). */
export const INTEGRATION_TARGETS = ['all', 'site', 'space', 'organization'] as const
export type IntegrationTarget = (typeof INTEGRATION_TARGETS)[number]

export const INTEGRATION_VISIBILITIES = ['public', 'private', 'unlisted'] as const
export type IntegrationVisibility = (typeof INTEGRATION_VISIBILITIES)[number]

export const INTEGRATION_CATEGORIES = [
  'analytics',
  'collaboration',
  'content',
  'marketing',
  'visitor-auth',
  'other',
] as const

export const INTEGRATION_SCOPES = [
  'space:content:read',
  'space:content:write',
  'space:metadata:read',
  'space:metadata:write',
  'space:git:sync',
  'page:feedback:read',
  'site:metadata:read',
  'site:views:read',
  'site:script:inject',
  'site:script:cookies',
  'site:visitor:auth',
  'site:visitor:claims',
  'site:adaptive:read',
  'site:adaptive:write',
  'conversations:ingest',
  'openapi:read',
  'openapi:write',
] as const

export const INTEGRATION_RUNTIMES = ['v1', 'v2'] as const

export const INSTALLATION_STATUSES = ['active', 'pending', 'paused'] as const
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number]

export const SELECTIONS = ['all', 'selected'] as const
export type Selection = (typeof SELECTIONS)[number]

/** One configuration property as GitBook's IntegrationConfigurationSchema describes it. */
export type ConfigurationProperty = {
  type: 'string' | 'number' | 'boolean' | 'button'
  title?: string
  description?: string
  default?: unknown
  enum?: string[]
  completion_url?: string
  callback_url?: string
  button_text?: string
}

export type ConfigurationSchema =
  | { properties: Record<string, ConfigurationProperty>; required?: string[] }
  | { componentId: string }

/** `configurations` of an integration: what its installations are configured with, per level. */
export type Configurations = Partial<Record<'account' | 'space' | 'site', ConfigurationSchema>>

export type Configuration = Record<string, unknown>

/**
 * An integration as stored (its script and secrets apart: see IntegrationService.scriptOf).
 */
export type IntegrationRecord = {
  id: string
  name: string
  organizationId: string
  version: number
  runtime: string
  title: string
  description: string
  summary: string | null
  visibility: IntegrationVisibility
  target: IntegrationTarget
  verified: boolean
  scopes: string[]
  categories: string[]
  blocks: Record<string, unknown>[]
  contentSources: Record<string, unknown>[]
  configurations: Configurations
  externalLinks: { url: string; label: string }[]
  contentSecurityPolicy: string | Record<string, string> | null
  hasIcon: boolean
  previewCount: number
  createdAt: DateTime
  updatedAt: DateTime
}

export const INTEGRATION_COLUMNS = [
  'i.id',
  'i.name',
  'i.organization_id',
  'i.version',
  'i.runtime',
  'i.title',
  'i.description',
  'i.summary',
  'i.visibility',
  'i.target',
  'i.verified',
  'i.scopes',
  'i.categories',
  'i.blocks',
  'i.content_sources',
  'i.configurations',
  'i.external_links',
  'i.content_security_policy',
  'i.has_icon',
  'i.preview_count',
  'i.created_at',
  'i.updated_at',
]

export function integrationFromRow(row: Record<string, any>): IntegrationRecord {
  return {
    id: row.id,
    name: row.name,
    organizationId: row.organization_id,
    version: Number(row.version),
    runtime: row.runtime,
    title: row.title,
    description: row.description,
    summary: row.summary ?? null,
    visibility: row.visibility,
    target: row.target,
    verified: toBoolean(row.verified),
    scopes: parseJson<string[]>(row.scopes) ?? [],
    categories: parseJson<string[]>(row.categories) ?? [],
    blocks: parseJson(row.blocks) ?? [],
    contentSources: parseJson(row.content_sources) ?? [],
    configurations: parseJson<Configurations>(row.configurations) ?? {},
    externalLinks: parseJson(row.external_links) ?? [],
    contentSecurityPolicy: parseJson(row.content_security_policy),
    hasIcon: toBoolean(row.has_icon),
    previewCount: Number(row.preview_count),
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}

/** An organization's installation of an integration. */
export type InstallationRecord = {
  id: string
  integrationId: string
  organizationId: string
  status: InstallationStatus
  spaceSelection: Selection
  siteSelection: Selection
  configuration: Configuration
  externalIds: string[]
  spaceCount: number
  createdAt: DateTime
  updatedAt: DateTime
}

export const INSTALLATION_COLUMNS = [
  'n.id',
  'n.integration_id',
  'n.organization_id',
  'n.status',
  'n.space_selection',
  'n.site_selection',
  'n.configuration',
  'n.external_ids',
  'n.created_at',
  'n.updated_at',
]

export function installationFromRow(row: Record<string, any>): InstallationRecord {
  return {
    id: row.id,
    integrationId: row.integration_id,
    organizationId: row.organization_id,
    status: row.status,
    spaceSelection: row.space_selection,
    siteSelection: row.site_selection,
    configuration: parseJson<Configuration>(row.configuration) ?? {},
    externalIds: parseJson<string[]>(row.external_ids) ?? [],
    spaceCount: Number(row.space_count ?? 0),
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}

/** Where below an installation: a space or a site of its organization. */
export type ContentKind = 'space' | 'site'

/** An installation's configuration for one space or site. */
export type ContentInstallationRecord = {
  id: string
  installationId: string
  kind: ContentKind
  targetId: string
  status: InstallationStatus
  configuration: Configuration
  externalIds: string[]
  createdAt: DateTime
  updatedAt: DateTime
}

export const CONTENT_TABLES: Record<ContentKind, string> = {
  space: 'integration_space_installations',
  site: 'integration_site_installations',
}

export function contentInstallationFromRow(
  kind: ContentKind,
  row: Record<string, any>
): ContentInstallationRecord {
  return {
    id: row.id,
    installationId: row.installation_id,
    kind,
    targetId: row.target_id,
    status: row.status,
    configuration: parseJson<Configuration>(row.configuration) ?? {},
    externalIds: parseJson<string[]>(row.external_ids) ?? [],
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}
