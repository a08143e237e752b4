import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { whereContainsInsensitive } from '#core/database/filters'
import { isUniqueViolation } from '#core/database/errors'
import { toSqlTimestamp } from '#core/database/timestamps'
import { paginate, type ListQuery } from '#core/http/pagination'
import { newId } from '#core/ids'
import OrganizationService from '#organizations/services/organization_service'
import {
  INTEGRATION_COLUMNS,
  integrationFromRow,
  type IntegrationRecord,
} from '#integrations/records'
import {
  canSee,
  isAdminOf,
  isMemberOf,
  memberOrganizations,
  type Viewer,
} from '#integrations/viewer'
import { decodeImage, type Asset } from '#integrations/services/integration_assets'
import {
  INTEGRATION_NAME,
  MAX_ICON_BYTES,
  MAX_NAME_LENGTH,
  MAX_PREVIEW_BYTES,
  type listIntegrationsQueryValidator,
  type publishIntegrationValidator,
} from '#integrations/validators/integration_validators'

export type PublishInput = Infer<typeof publishIntegrationValidator>
export type IntegrationFilters = Omit<
  Infer<typeof listIntegrationsQueryValidator>,
  'page' | 'limit'
>

const SECRETS_PURPOSE = 'integration-secrets'

/**
 * A value inside a JSON array column, matched byte for byte on both engines (REPLACE compares
 * bytes; the needle is the JSON text of the value, quotes included, so `"a"` never matches `"ab"`).
 */
export function whereJsonArrayHas(query: any, column: string, value: string) {
  return query.whereRaw('LENGTH(REPLACE(??, ?, ?)) < LENGTH(??)', [
    column,
    JSON.stringify(value),
    '',
    column,
  ])
}

/**
 * Integrations: publishing (names are global; the publishing organization owns its name), reading
 * as each caller may (visibility), and their assets, script and secrets for those who run them.
 */
@inject()
export default class IntegrationService {
  constructor(private organizations: OrganizationService) {}

  /**
   * An integration name as stored: lowercase (names are unique whatever their case, the same
   * way on both engines). A malformed name finds nothing.
   */
  normalizeName(name: string): string {
    return name.toLowerCase()
  }

  /**
   * The integration named, as the viewer may see it: unknown and private-to-others are the same 404.
   */
  async find(viewer: Viewer, name: string): Promise<IntegrationRecord> {
    const integration = await this.byName(name)
    if (!integration || !canSee(viewer, integration)) {
      throw new NotFoundException(`No integration named "${name.slice(0, 100)}" could be found`)
    }
    return integration
  }

  async byName(name: string, client: Pick<TransactionClientContract, 'from'> = db) {
    if (!INTEGRATION_NAME.test(name) || name.length > MAX_NAME_LENGTH) return null
    const row = await client
      .from('integrations as i')
      .where('i.name', this.normalizeName(name))
      .select(INTEGRATION_COLUMNS)
      .first()
    return row ? integrationFromRow(row) : null
  }

  async byIds(
    ids: string[],
    client: Pick<TransactionClientContract, 'from'> = db
  ): Promise<Map<string, IntegrationRecord>> {
    if (ids.length === 0) return new Map()
    const rows = await client
      .from('integrations as i')
      .whereIn('i.id', [...new Set(ids)])
      .select(INTEGRATION_COLUMNS)
    return new Map(rows.map((row) => [row.id, integrationFromRow(row)]))
  }

  /**
   * GET /v1/integrations: public integrations, plus every integration of the organizations the
   * viewer is a member of (unlisted and private ones are not listed to anyone else).
   */
  list(viewer: Viewer, query: ListQuery & IntegrationFilters) {
    const members = memberOrganizations(viewer)
    const builder = db
      .from('integrations as i')
      .where((visible) =>
        visible.where('i.visibility', 'public').orWhereIn('i.organization_id', [...members, ''])
      )
    return this.page(builder, query)
  }

  /**
   * GET /v1/orgs/{id}/integrations: what the organization may install: every public
   * integration and all of its own.
   */
  listForOrganization(organizationId: string, query: ListQuery & IntegrationFilters) {
    const builder = db
      .from('integrations as i')
      .where((visible) =>
        visible.where('i.visibility', 'public').orWhere('i.organization_id', organizationId)
      )
    return this.page(builder, query)
  }

  /**
   * Integrations among `ids` (installed somewhere), filtered and paged like the lists.
   */
  listAmong(ids: string[], query: ListQuery & { search?: string }) {
    return this.page(db.from('integrations as i').whereIn('i.id', ids.length ? ids : ['']), query)
  }

  private async page(builder: any, query: ListQuery & IntegrationFilters) {
    builder.select(INTEGRATION_COLUMNS)
    if (query.search) whereContainsInsensitive(builder, ['i.name', 'i.title'], query.search)
    if (query.category) whereJsonArrayHas(builder, 'i.categories', query.category)
    if (query.scope) whereJsonArrayHas(builder, 'i.scopes', query.scope)
    if (query.blocks !== undefined) builder.where('i.has_blocks', query.blocks)
    if (query.contentSources !== undefined) {
      builder.where('i.has_content_sources', query.contentSources)
    }
    if (query.owner) builder.where('i.organization_id', query.owner)
    if (query.target) builder.whereIn('i.target', [...new Set([query.target, 'all'])])
    if (query.blockDomain) {
      builder.whereExists((sub: any) =>
        sub
          .from('integration_block_domains as d')
          .whereRaw('d.integration_id = i.id')
          .where('d.domain', query.blockDomain!.toLowerCase())
      )
    }
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'i.created_at', key: 'created_at' },
        { column: 'i.id', key: 'id' },
      ],
    })
    return { ...page, rows: page.rows.map(integrationFromRow) }
  }

  /**
   * POST /v1/integrations/{name}: publishes the integration for the organization named in the
   * body (by id or subdomain, among the caller's), or publishes it again with the next `version`.
   * Only the organization's admins publish, and a name another organization owns is a 409.
   * Everything is replaced in one transaction: fields, script, secrets, assets.
   */
  async publish(viewer: Viewer, name: string, input: PublishInput): Promise<IntegrationRecord> {
    if (!INTEGRATION_NAME.test(name) || name.length > MAX_NAME_LENGTH) {
      throw BadRequestException.invalid({
        field: 'integrationName',
        message: `The integration name must be at most ${MAX_NAME_LENGTH} letters, digits, "-", "_" or "."`,
        rule: 'regex',
      })
    }
    const organizationId = await this.organizations.memberOrganizationId(
      viewer.user,
      input.organization
    )
    if (!organizationId) {
      throw BadRequestException.invalid({
        field: 'organization',
        message: `No organization with id or subdomain "${input.organization.slice(0, 100)}" could be found`,
        rule: 'exists',
      })
    }
    if (!isAdminOf(viewer, organizationId)) {
      throw new ForbiddenException('Only admins of the organization can publish its integrations')
    }
    const assets = decodeAssets(input)
    const stored = this.normalizeName(name)
    try {
      await db.transaction(async (trx) => {
        const existing = await trx
          .from('integrations')
          .where('name', stored)
          .forUpdate()
          .select('id', 'organization_id', 'version')
          .first()
        if (existing && existing.organization_id !== organizationId) throw nameTaken(stored)
        const id = existing?.id ?? newId()
        const row = publishedRow(input, assets)
        const now = toSqlTimestamp(new Date())
        if (existing) {
          await trx
            .from('integrations')
            .where('id', id)
            .update({ ...row, version: Number(existing.version) + 1, updated_at: now })
        } else {
          await trx.table('integrations').insert({
            ...row,
            id,
            name: stored,
            organization_id: organizationId,
            version: 1,
            verified: false,
            created_at: now,
            updated_at: now,
          })
        }
        await this.replaceParts(trx, id, input, assets)
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(stored)
      throw error
    }
    return (await this.byName(stored))!
  }

  /**
   * DELETE /v1/integrations/{name}: the integration and every installation of it (organizations,
   * spaces, sites), in one transaction.
   */
  async unpublish(integration: IntegrationRecord): Promise<void> {
    await db.transaction(async (trx) => {
      const installations = trx
        .from('integration_installations')
        .where('integration_id', integration.id)
        .select('id')
      await trx
        .from('integration_space_installations')
        .whereIn('installation_id', installations.clone())
        .delete()
      await trx
        .from('integration_site_installations')
        .whereIn('installation_id', installations.clone())
        .delete()
      await trx.from('integration_installations').where('integration_id', integration.id).delete()
      await trx.from('integration_assets').where('integration_id', integration.id).delete()
      await trx.from('integration_block_domains').where('integration_id', integration.id).delete()
      await trx.from('integrations').where('id', integration.id).delete()
    })
  }

  /** An icon or preview image (`icon`, `preview-0`..`preview-2`) of an integration, by its id. */
  async asset(integrationId: string, kind: string) {
    const row = await db
      .from('integration_assets')
      .where('integration_id', integrationId)
      .where('kind', kind)
      .select('content_type', 'data')
      .first()
    return row
      ? { contentType: row.content_type as string, bytes: Buffer.from(row.data, 'base64') }
      : null
  }

  /** The current version's script and decrypted secrets, for whoever runs the integration. */
  async runtimeOf(
    integrationId: string
  ): Promise<{ script: string; secrets: Record<string, string> }> {
    const row = await db
      .from('integrations')
      .where('id', integrationId)
      .select('script', 'secrets')
      .first()
    if (!row) throw NotFoundException.resource('integration', integrationId)
    const secrets = row.secrets
      ? (encryption.decrypt<Record<string, string>>(row.secrets, SECRETS_PURPOSE) ?? {})
      : {}
    return { script: row.script, secrets }
  }

  /** Whether the viewer is a member of the integration's owner (for listing unlisted ones). */
  ownedByViewer(viewer: Viewer, integration: IntegrationRecord) {
    return isMemberOf(viewer, integration.organizationId)
  }

  private async replaceParts(
    trx: TransactionClientContract,
    integrationId: string,
    input: PublishInput,
    assets: Asset[]
  ) {
    await trx.from('integration_block_domains').where('integration_id', integrationId).delete()
    const domains = blockDomains(input.blocks ?? [])
    if (domains.length > 0) {
      await trx
        .table('integration_block_domains')
        .multiInsert(domains.map((domain) => ({ integration_id: integrationId, domain })))
    }
    await trx.from('integration_assets').where('integration_id', integrationId).delete()
    for (const asset of assets) {
      await trx.table('integration_assets').insert({
        integration_id: integrationId,
        kind: asset.kind,
        content_type: asset.contentType,
        data: asset.data,
      })
    }
  }
}

function nameTaken(name: string) {
  return new ConflictException(`The integration name "${name}" belongs to another organization`)
}

function decodeAssets(input: PublishInput): Asset[] {
  const assets: Asset[] = []
  if (input.icon) assets.push(decodeImage('icon', 'icon', input.icon, MAX_ICON_BYTES))
  ;(input.previewImages ?? []).forEach((image, index) =>
    assets.push(decodeImage(`previewImages.${index}`, `preview-${index}`, image, MAX_PREVIEW_BYTES))
  )
  return assets
}

/** The columns a publish sets (a new version replaces every one of them). */
function publishedRow(input: PublishInput, assets: Asset[]) {
  const blocks = input.blocks ?? []
  const contentSources = input.contentSources ?? []
  return {
    runtime: input.runtime ?? 'v1',
    title: input.title,
    description: input.description,
    summary: input.summary ?? null,
    visibility: input.visibility ?? 'public',
    target: input.target ?? 'all',
    scopes: JSON.stringify([...new Set(input.scopes ?? [])]),
    categories: JSON.stringify([...new Set(input.categories ?? [])]),
    blocks: JSON.stringify(blocks),
    content_sources: JSON.stringify(contentSources),
    has_blocks: blocks.length > 0,
    has_content_sources: contentSources.length > 0,
    configurations: JSON.stringify(input.configurations ?? {}),
    external_links: JSON.stringify(input.externalLinks ?? []),
    content_security_policy:
      input.contentSecurityPolicy === undefined
        ? null
        : JSON.stringify(input.contentSecurityPolicy),
    script: input.script,
    secrets:
      input.secrets && Object.keys(input.secrets).length > 0
        ? encryption.encrypt(input.secrets, undefined, SECRETS_PURPOSE)
        : null,
    has_icon: assets.some((asset) => asset.kind === 'icon'),
    preview_count: assets.filter((asset) => asset.kind !== 'icon').length,
  }
}

/** Hosts of the blocks' `urlUnfurl` URLs, lowercase, for the `blockDomain` filter. */
function blockDomains(blocks: { urlUnfurl?: string[] }[]): string[] {
  const hosts = new Set<string>()
  for (const block of blocks) {
    for (const url of block.urlUnfurl ?? []) {
      try {
        const host = new URL(url).hostname.toLowerCase()
        if (host && host.length <= 255) hosts.add(host)
      } catch {
        // Not a URL: nothing to match.
      }
    }
  }
  return [...hosts]
}
