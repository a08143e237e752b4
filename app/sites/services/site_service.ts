import { randomBytes } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { isWellFormedId } from '#core/ids'
import { paginate, type ListQuery } from '#core/http/pagination'
import { whereContainsInsensitive } from '#core/database/filters'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { OrganizationAccess } from '#organizations/organization_access'
import Site from '#sites/models/site'
import {
  SITE_COLUMNS,
  siteFromRow,
  type AgentsContext,
  type NewSpaceKind,
  type SiteAccess,
  type SiteType,
  type SiteVisibility,
} from '#sites/records'
import SiteStructureService, { assertFree } from '#sites/services/site_structure_service'
import type { QueryClient } from '#core/database/query_client'

export type ListSitesQuery = ListQuery & { space?: string; title?: string; published?: boolean }

export type CreateSiteInput = {
  type?: SiteType
  title?: string
  visibility?: SiteVisibility
  spaces?: string[] | NewSpaceKind
}

export type UpdateSiteInput = {
  title?: string
  visibility?: SiteVisibility
  basename?: string
  hostname?: string | null
  adaptiveContent?: { enabled: boolean }
  agentsContext?: AgentsContext
  defaultSiteSpace?: string
  defaultSiteSection?: string
  proxy?: string | null
}

/**
 * A fresh visitor-authentication secret: 32 random bytes, hex (what signs visitor JWTs).
 */
export function newPrivateKey(): string {
  return randomBytes(32).toString('hex')
}

function siteQuery(client: QueryClient) {
  return client
    .from('sites as st')
    .select([
      ...SITE_COLUMNS,
      db.raw('(SELECT COUNT(*) FROM site_spaces ss WHERE ss.site_id = st.id) as site_space_count'),
    ])
}

/**
 * Sites of an organization: reads, creation, settings, publishing. Every lookup is scoped to the
 * organization the caller reached, so another organization's site ids are unknown here. The
 * structure (sections, groups, site spaces) is SiteStructureService's.
 */
@inject()
export default class SiteService {
  constructor(private structure: SiteStructureService) {}

  /**
   * Oldest first, filtered by a space they publish, a title fragment (any case) and published state.
   */
  async list(access: OrganizationAccess, query: ListSitesQuery) {
    const builder = siteQuery(db)
      .where('st.organization_id', access.organization.id)
      .if(query.space !== undefined, (q) =>
        q.whereIn('st.id', (sub) =>
          sub.from('site_spaces').where('space_id', query.space!).select('site_id')
        )
      )
      .if(query.published !== undefined, (q) => q.where('st.published', query.published!))
    if (query.title) void whereContainsInsensitive(builder, ['st.title'], query.title)
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'st.created_at', key: 'created_at' },
        { column: 'st.id', key: 'id' },
      ],
    })
    return { ...page, rows: page.rows.map(siteFromRow) }
  }

  async find(
    access: OrganizationAccess,
    siteId: string,
    client: QueryClient = db
  ): Promise<SiteAccess> {
    if (isWellFormedId(siteId)) {
      const row = await siteQuery(client)
        .where('st.organization_id', access.organization.id)
        .where('st.id', siteId)
        .first()
      if (row) return { site: siteFromRow(row), access }
    }
    throw NotFoundException.resource('site', siteId)
  }

  /**
   * A new unpublished site, with the spaces it publishes (ids of the organization's spaces, or a new
   * space, empty or with a sample page), all or nothing.
   */
  async create(user: User, access: OrganizationAccess, input: CreateSiteInput) {
    const siteId = await db.transaction((trx) =>
      this.createWithin(trx, access.organization.id, user.id, access.role, input)
    )
    return this.find(access, siteId)
  }

  async createWithin(
    trx: TransactionClientContract,
    organizationId: string,
    userId: string,
    organizationRole: OrganizationAccess['role'],
    input: CreateSiteInput
  ): Promise<string> {
    const site = new Site()
    site.useTransaction(trx)
    site.merge({
      organizationId,
      type: input.type ?? 'basic',
      title: input.title ?? 'Docs site',
      hostname: null,
      basename: null,
      visibility: input.visibility ?? 'public',
      published: false,
      adaptiveContent: false,
      agentsContext: 'included',
      proxy: null,
      defaultSiteSpaceId: null,
      defaultSiteSectionId: null,
      authPrivateKey: newPrivateKey(),
      authBackend: 'custom',
      authFallbackUrl: null,
      authLogoutUrl: null,
      adaptiveSchema: null,
      adaptiveSchemaUpdatedAt: null,
    })
    await site.save()
    const target = { id: site.id, organizationId, userId, organizationRole }
    if (Array.isArray(input.spaces)) {
      for (const spaceId of new Set(input.spaces)) {
        await this.structure.addSiteSpace(trx, target, { spaceId })
      }
    } else if (input.spaces) {
      await this.structure.addSiteSpace(trx, target, {
        spaceId: null,
        newSpace: { title: site.title.slice(0, 50), sample: input.spaces === 'sample' },
      })
    }
    return site.id
  }

  /**
   * Applies a settings change atomically: every field or none.
   */
  async update(siteAccess: SiteAccess, input: UpdateSiteInput): Promise<SiteAccess> {
    const { site, access } = siteAccess
    await db.transaction(async (trx) => {
      const record = await Site.query({ client: trx })
        .where('id', site.id)
        .forUpdate()
        .firstOrFail()
      if (input.basename !== undefined && input.basename !== record.basename) {
        await assertFree(
          trx
            .from('sites')
            .where('organization_id', record.organizationId)
            .where('basename', input.basename)
            .whereNot('id', record.id)
            .first(),
          `Another site of this organization already uses the basename "${input.basename}"`
        )
      }
      if (input.hostname && input.hostname !== record.hostname) {
        await assertFree(
          trx.from('sites').where('hostname', input.hostname).whereNot('id', record.id).first(),
          `The hostname "${input.hostname}" is used by another site`
        )
      }
      if (input.defaultSiteSection !== undefined) {
        await this.structure.requireSection(trx, record.id, input.defaultSiteSection)
        record.defaultSiteSectionId = input.defaultSiteSection
      }
      if (input.defaultSiteSpace !== undefined) {
        await this.structure.setDefaultSiteSpace(trx, record, input.defaultSiteSpace)
      }
      if (input.title !== undefined) record.title = input.title
      if (input.visibility !== undefined) record.visibility = input.visibility
      if (input.basename !== undefined) record.basename = input.basename
      if (input.hostname !== undefined) record.hostname = input.hostname
      if (input.adaptiveContent !== undefined)
        record.adaptiveContent = input.adaptiveContent.enabled
      if (input.agentsContext !== undefined) record.agentsContext = input.agentsContext
      if (input.proxy !== undefined) record.proxy = input.proxy
      await record.save()
    })
    return this.find(access, site.id)
  }

  async delete({ site }: SiteAccess): Promise<void> {
    await db.transaction(async (trx) => {
      await trx
        .from('organizations')
        .where('id', site.organizationId)
        .where('default_content', JSON.stringify({ type: 'site', site: site.id }))
        .update({ default_content: null })
      await trx.from('sites').where('id', site.id).delete()
    })
  }

  /**
   * Puts the site live for the audience its visibility sets. A site that publishes nothing cannot
   * be published.
   */
  async publish(siteAccess: SiteAccess): Promise<SiteAccess> {
    await db.transaction(async (trx) => {
      const [{ total }] = await trx
        .from('site_spaces')
        .where('site_id', siteAccess.site.id)
        .count('* as total')
      if (Number(total) === 0) {
        throw BadRequestException.invalid({
          field: 'site',
          message: 'The site publishes no space yet; add a space to it before publishing it',
          rule: 'hasContent',
        })
      }
      await this.setPublished(trx, siteAccess.site.id, true)
    })
    return this.find(siteAccess.access, siteAccess.site.id)
  }

  async unpublish(siteAccess: SiteAccess): Promise<SiteAccess> {
    await this.setPublished(db, siteAccess.site.id, false)
    return this.find(siteAccess.access, siteAccess.site.id)
  }

  private async setPublished(client: QueryClient, siteId: string, published: boolean) {
    await client
      .from('sites')
      .where('id', siteId)
      .update({ published, updated_at: toSqlTimestamp(new Date()) })
  }
}
