import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { isUniqueViolation } from '#core/database/errors'
import { toSqlTimestamp } from '#core/database/timestamps'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId, newId } from '#core/ids'
import { roleAtLeast } from '#core/roles'
import OrganizationService from '#organizations/services/organization_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { SpaceAccess } from '#spaces/records'
import {
  CONTENT_TABLES,
  INSTALLATION_COLUMNS,
  contentInstallationFromRow,
  installationFromRow,
  type Configuration,
  type ContentInstallationRecord,
  type ContentKind,
  type InstallationRecord,
  type IntegrationRecord,
  type Selection,
} from '#integrations/records'
import { canReadInstallation } from '#integrations/policies/integration_policy'
import { isAdminOf, isMemberOf, memberOrganizations, type Viewer } from '#integrations/viewer'
import IntegrationService, { whereJsonArrayHas } from '#integrations/services/integration_service'
import { checkConfiguration, isComplete } from '#integrations/services/configuration'
import EventRecorder from '#integrations/services/event_recorder'

export type InstallationChanges = {
  externalIds?: string[]
  configuration?: Configuration
  space_selection?: Selection
  site_selection?: Selection
}

/** A space's or site's installation joined as `c` to its organization's (`n`), under `c_` aliases. */
const JOINED_CONTENT_COLUMNS = [
  'c.id as c_id',
  'c.target_id as c_target_id',
  'c.status as c_status',
  'c.configuration as c_configuration',
  'c.external_ids as c_external_ids',
  'c.created_at as c_created_at',
  'c.updated_at as c_updated_at',
]

function joinedContent(kind: ContentKind, row: Record<string, any>) {
  return row.c_id
    ? contentInstallationFromRow(kind, {
        id: row.c_id,
        installation_id: row.id,
        target_id: row.c_target_id,
        status: row.c_status,
        configuration: row.c_configuration,
        external_ids: row.c_external_ids,
        created_at: row.c_created_at,
        updated_at: row.c_updated_at,
      })
    : null
}

/** Targets an installation may reach below the organization, by the integration's `target`. */
function allowsTarget(integration: IntegrationRecord, kind: ContentKind) {
  return integration.target === 'all' || integration.target === kind
}

/**
 * Installations of integrations: one per organization that installs it, then per space and per
 * site of that organization. Each is `active` once every key its schema requires is configured,
 * `pending` until then.
 */
@inject()
export default class InstallationService {
  constructor(
    private integrations: IntegrationService,
    private organizations: OrganizationService,
    private spaces: SpaceAccessService,
    private events: EventRecorder
  ) {}

  /** The organization named by id or subdomain among the viewer's (400 naming `organization`). */
  async organizationFor(viewer: Viewer, idOrSubdomain: string): Promise<string> {
    const id = await this.organizations.memberOrganizationId(viewer.user, idOrSubdomain)
    if (!id) {
      throw BadRequestException.invalid({
        field: 'organization',
        message: `No organization with id or subdomain "${idOrSubdomain.slice(0, 100)}" could be found`,
        rule: 'exists',
      })
    }
    return id
  }

  /**
   * POST /v1/integrations/{name}/installations: installs in the organization (authorized by the
   * caller). A second installation in the same organization is a 409.
   */
  async install(
    viewer: Viewer,
    integration: IntegrationRecord,
    organizationId: string,
    configuration: Configuration = {}
  ) {
    const id = newId()
    const now = toSqlTimestamp(new Date())
    const schema = integration.configurations.account
    checkConfiguration(schema, configuration)
    try {
      return await db.transaction(async (trx) => {
        await trx.table('integration_installations').insert({
          id,
          integration_id: integration.id,
          organization_id: organizationId,
          status: isComplete(schema, configuration) ? 'active' : 'pending',
          space_selection: 'selected',
          site_selection: 'selected',
          configuration: JSON.stringify(configuration),
          external_ids: '[]',
          installed_by: viewer.user.id,
          created_at: now,
          updated_at: now,
        })
        const installation = (await this.byId(integration.id, id, trx))!
        await this.events.record(trx, [
          {
            integration,
            installation,
            type: 'installation_setup',
            fields: { status: installation.status },
          },
        ])
        return installation
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException('The integration is already installed in this organization')
      }
      throw error
    }
  }

  /**
   * The installations of the integration the viewer may read: all of them for the owner's
   * admins, those of the viewer's organizations for anyone else; `externalId` filters.
   */
  async list(
    viewer: Viewer,
    integration: IntegrationRecord,
    query: ListQuery & { externalId?: string }
  ) {
    const builder = this.query()
      .where('n.integration_id', integration.id)
      .if(!isAdminOf(viewer, integration.organizationId), (q) =>
        q.whereIn('n.organization_id', [...memberOrganizations(viewer), ''])
      )
    if (query.externalId) whereJsonArrayHas(builder, 'n.external_ids', query.externalId)
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'n.created_at', key: 'created_at' },
        { column: 'n.id', key: 'id' },
      ],
    })
    return { ...page, rows: page.rows.map(installationFromRow) }
  }

  /** The installation as the viewer may read it; anything else is a 404. */
  async find(viewer: Viewer, integration: IntegrationRecord, installationId: string) {
    const installation = isWellFormedId(installationId)
      ? await this.byId(integration.id, installationId)
      : null
    if (!installation || !canReadInstallation(viewer, integration, installation)) {
      throw NotFoundException.resource('installation', installationId)
    }
    return installation
  }

  /** PATCH: external ids, selections and the configuration (checked against the schema). */
  async update(
    integration: IntegrationRecord,
    installation: InstallationRecord,
    changes: InstallationChanges
  ) {
    const schema = integration.configurations.account
    const configuration =
      changes.configuration === undefined
        ? installation.configuration
        : checkConfiguration(schema, changes.configuration)
    return db.transaction(async (trx) => {
      await trx
        .from('integration_installations')
        .where('id', installation.id)
        .update({
          configuration: JSON.stringify(configuration),
          status: isComplete(schema, configuration) ? 'active' : 'pending',
          ...(changes.externalIds ? { external_ids: JSON.stringify(changes.externalIds) } : {}),
          ...(changes.space_selection ? { space_selection: changes.space_selection } : {}),
          ...(changes.site_selection ? { site_selection: changes.site_selection } : {}),
          updated_at: toSqlTimestamp(new Date()),
        })
      const updated = (await this.byId(integration.id, installation.id, trx))!
      await this.events.record(trx, [
        {
          integration,
          installation: updated,
          type: 'installation_setup',
          fields: {
            status: updated.status,
            previous: { status: installation.status, configuration: installation.configuration },
          },
        },
      ])
      return updated
    })
  }

  /**
   * DELETE: the installation with its spaces' and sites', in one transaction (its
   * `installation_deleted` event recorded in it).
   */
  async uninstall(integration: IntegrationRecord, installation: InstallationRecord) {
    await db.transaction(async (trx) => {
      await this.events.record(trx, [
        {
          integration,
          installation,
          type: 'installation_deleted',
          fields: { previous: { configuration: installation.configuration } },
        },
      ])
      for (const table of Object.values(CONTENT_TABLES)) {
        await trx.from(table).where('installation_id', installation.id).delete()
      }
      await trx.from('integration_installations').where('id', installation.id).delete()
    })
  }

  /** A space the viewer has a role on (404 otherwise). */
  readableSpace(viewer: Viewer, spaceId: string): Promise<SpaceAccess> {
    return this.spaces.spaceFor(viewer.user.id, spaceId)
  }

  /** A site of the organization, for a member with a role (404 otherwise). */
  async readableSite(viewer: Viewer, organizationId: string, siteId: string): Promise<string> {
    const site =
      isWellFormedId(siteId) && isMemberOf(viewer, organizationId)
        ? await db
            .from('sites')
            .where('id', siteId)
            .where('organization_id', organizationId)
            .select('id')
            .first()
        : null
    if (!site) throw NotFoundException.resource('site', siteId)
    return site.id as string
  }

  /** Among `spaceIds` of the installation's organization, those the viewer has a role on. */
  async visibleSpaces(viewer: Viewer, installation: InstallationRecord, spaceIds: string[]) {
    const found = await this.spaces.spacesOf(
      viewer.user.id,
      installation.organizationId,
      viewer.roles.get(installation.organizationId) ?? null,
      spaceIds
    )
    return new Set(found.keys())
  }

  /**
   * The space as the viewer sees it, in the installation's organization (404 otherwise); changing
   * what is installed on it needs admin on the space (organization admins have it).
   */
  async spaceFor(
    viewer: Viewer,
    installation: InstallationRecord,
    spaceId: string,
    change: boolean
  ): Promise<SpaceAccess> {
    const access = await this.readableSpace(viewer, spaceId)
    if (access.space.organizationId !== installation.organizationId) {
      throw NotFoundException.resource('space', spaceId)
    }
    if (change && !roleAtLeast(access.role, 'admin')) {
      throw new ForbiddenException('Only admins of this space can change its integrations')
    }
    return access
  }

  /**
   * A site of the installation's organization (404 otherwise). Sites are their organization's
   * admins' to change; members with a role read them.
   */
  async siteFor(viewer: Viewer, installation: InstallationRecord, siteId: string, change: boolean) {
    const id = await this.readableSite(viewer, installation.organizationId, siteId)
    if (change && !isAdminOf(viewer, installation.organizationId)) {
      throw new ForbiddenException('Only admins of the organization can change its sites')
    }
    return id
  }

  /** Installs on a space or a site (`target` of the integration permitting). */
  async installOn(
    integration: IntegrationRecord,
    installation: InstallationRecord,
    kind: ContentKind,
    targetId: string,
    configuration: Configuration = {}
  ) {
    if (!allowsTarget(integration, kind)) {
      throw new ForbiddenException(`This integration cannot be installed on a ${kind}`)
    }
    const schema = integration.configurations[kind]
    checkConfiguration(schema, configuration)
    const now = toSqlTimestamp(new Date())
    const id = newId()
    try {
      return await db.transaction(async (trx) => {
        await trx.table(CONTENT_TABLES[kind]).insert({
          id,
          installation_id: installation.id,
          target_id: targetId,
          status: isComplete(schema, configuration) ? 'active' : 'pending',
          configuration: JSON.stringify(configuration),
          external_ids: '[]',
          created_at: now,
          updated_at: now,
        })
        const record = (await this.contentInstallation(installation, kind, targetId, trx))!
        await this.events.record(trx, [
          {
            integration,
            installation,
            content: record,
            type: `${kind}_installation_setup`,
            fields: { status: record.status },
          },
        ])
        return record
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ConflictException(`The integration is already installed on this ${kind}`)
      }
      throw error
    }
  }

  async contentInstallation(
    installation: InstallationRecord,
    kind: ContentKind,
    targetId: string,
    client: QueryClientContract = db.connection()
  ) {
    const row = await client
      .from(CONTENT_TABLES[kind])
      .where('installation_id', installation.id)
      .where('target_id', targetId)
      .first()
    return row ? contentInstallationFromRow(kind, row) : null
  }

  async findContentInstallation(
    installation: InstallationRecord,
    kind: ContentKind,
    targetId: string
  ) {
    const found = await this.contentInstallation(installation, kind, targetId)
    if (!found) throw NotFoundException.resource(`${kind} installation`, targetId)
    return found
  }

  /** Spaces or sites of an installation, oldest first; `only` keeps those ids (visible spaces). */
  async listContent(
    installation: InstallationRecord,
    kind: ContentKind,
    query: ListQuery,
    only?: (ids: string[]) => Promise<Set<string>>
  ) {
    const base = db.from(CONTENT_TABLES[kind]).where('installation_id', installation.id)
    const all = only ? await base.clone().select('target_id') : []
    const visible = only ? await only(all.map((row) => row.target_id)) : null
    const builder = base.if(visible, (q) => q.whereIn('target_id', [...visible!, ''])).select('*')
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'created_at', key: 'created_at' },
        { column: 'id', key: 'id' },
      ],
    })
    return { ...page, rows: page.rows.map((row) => contentInstallationFromRow(kind, row)) }
  }

  async updateContent(
    integration: IntegrationRecord,
    installation: InstallationRecord,
    record: ContentInstallationRecord,
    changes: { externalIds?: string[]; configuration?: Configuration }
  ) {
    const schema = integration.configurations[record.kind]
    const configuration =
      changes.configuration === undefined
        ? record.configuration
        : checkConfiguration(schema, changes.configuration)
    return db.transaction(async (trx) => {
      await trx
        .from(CONTENT_TABLES[record.kind])
        .where('id', record.id)
        .update({
          configuration: JSON.stringify(configuration),
          status: isComplete(schema, configuration) ? 'active' : 'pending',
          ...(changes.externalIds ? { external_ids: JSON.stringify(changes.externalIds) } : {}),
          updated_at: toSqlTimestamp(new Date()),
        })
      const rows = await trx.from(CONTENT_TABLES[record.kind]).where('id', record.id)
      const updated = contentInstallationFromRow(record.kind, rows[0])
      await this.events.record(trx, [
        {
          integration,
          installation,
          content: updated,
          type: `${record.kind}_installation_setup`,
          fields: {
            status: updated.status,
            previous: { status: record.status, configuration: record.configuration },
          },
        },
      ])
      return updated
    })
  }

  async uninstallFrom(
    integration: IntegrationRecord,
    installation: InstallationRecord,
    record: ContentInstallationRecord
  ) {
    await db.transaction(async (trx) => {
      await this.events.record(trx, [
        {
          integration,
          installation,
          content: record,
          type: `${record.kind}_installation_deleted`,
          fields: { previous: { configuration: record.configuration } },
        },
      ])
      await trx.from(CONTENT_TABLES[record.kind]).where('id', record.id).delete()
    })
  }

  /**
   * Removes what is installed on spaces that left their organization (deleted or moved), each
   * with its `space_installation_deleted` event.
   */
  async spacesLeft(trx: TransactionClientContract, spaceIds: string[]) {
    if (spaceIds.length === 0) return
    const rows = await this.query(trx)
      .join(`${CONTENT_TABLES.space} as c`, 'c.installation_id', 'n.id')
      .whereIn('c.target_id', spaceIds)
      .select(JOINED_CONTENT_COLUMNS)
    const integrations = await this.integrations.byIds(
      rows.map((row) => row.integration_id),
      trx
    )
    await this.events.record(
      trx,
      rows.map((row) => {
        const content = joinedContent('space', row)!
        return {
          integration: integrations.get(row.integration_id)!,
          installation: installationFromRow(row),
          content,
          type: 'space_installation_deleted' as const,
          fields: { previous: { configuration: content.configuration } },
        }
      })
    )
    await trx.from(CONTENT_TABLES.space).whereIn('target_id', spaceIds).delete()
  }

  /** Ids of the integrations installed on a space or site (selected, or all of its kind). */
  async integrationIdsOn(kind: ContentKind, targetId: string, organizationId: string) {
    const installations = await this.concerning(kind, targetId, organizationId)
    return [...new Set(installations.map(({ installation }) => installation.integrationId))]
  }

  /**
   * Installations concerned with a space or a site: those installed on it, and those of its
   * organization that select all of its kind (and whose integration may reach it).
   */
  async concerning(
    kind: ContentKind,
    targetId: string,
    organizationId: string,
    client: QueryClientContract = db.connection()
  ) {
    const selection = kind === 'space' ? 'n.space_selection' : 'n.site_selection'
    const rows = await this.query(client)
      .leftJoin(`${CONTENT_TABLES[kind]} as c`, (join) => {
        join.on('c.installation_id', '=', 'n.id').andOnVal('c.target_id', '=', targetId)
      })
      .where('n.organization_id', organizationId)
      .where((which) => which.whereNotNull('c.id').orWhere(selection, 'all'))
      .select(JOINED_CONTENT_COLUMNS)
    const integrations = await this.integrations.byIds(
      rows.map((row) => row.integration_id),
      client
    )
    return rows
      .filter((row) => allowsTarget(integrations.get(row.integration_id)!, kind))
      .map((row) => ({
        row,
        installation: installationFromRow(row),
        integration: integrations.get(row.integration_id)!,
        content: joinedContent(kind, row),
      }))
  }

  private query(client: QueryClientContract = db.connection()) {
    return client
      .from('integration_installations as n')
      .select([
        ...INSTALLATION_COLUMNS,
        client.raw(
          '(SELECT COUNT(*) FROM integration_space_installations s WHERE s.installation_id = n.id) as space_count'
        ),
      ])
  }

  private async byId(integrationId: string, id: string, client?: QueryClientContract) {
    const row = await this.query(client)
      .where('n.integration_id', integrationId)
      .where('n.id', id)
      .first()
    return row ? installationFromRow(row) : null
  }
}
