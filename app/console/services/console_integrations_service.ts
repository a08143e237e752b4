import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { CONTENT_TABLES, type ContentKind, type IntegrationRecord } from '#integrations/records'
import IntegrationService from '#integrations/services/integration_service'
import InstallationService from '#integrations/services/installation_service'
import EventService, { type IntegrationEventRecord } from '#integrations/services/event_service'
import { isAdminOf, isMemberOf, viewerOf } from '#integrations/viewer'
import ConsoleAccessService from '#console/services/console_access_service'

/** What the integrations page shows of one configuration schema: its fields, in order. */
function fieldsOf(integration: IntegrationRecord, level: 'account' | ContentKind) {
  const schema = integration.configurations[level]
  if (!schema || !('properties' in schema)) return []
  return Object.entries(schema.properties)
    .filter(([, property]) => property.type !== 'button')
    .map(([name, property]) => ({
      name,
      title: property.title ?? name,
      description: property.description ?? null,
      type: property.enum?.length ? ('enum' as const) : property.type,
      options: property.enum ?? [],
      default: property.default ?? null,
      required: (schema.required ?? []).includes(name),
    }))
}

/**
 * The console's integrations of an organization: what it may install, what it installed (on
 * itself, its spaces and its sites), through the integrations domain's services.
 */
@inject()
export default class ConsoleIntegrationsService {
  constructor(
    private access: ConsoleAccessService,
    private integrations: IntegrationService,
    private installations: InstallationService,
    private events: EventService
  ) {}

  /** The organization of the URL (members with a role), the user as a Viewer. */
  async context(ctx: HttpContext) {
    const { user, access } = await this.access.organization(ctx)
    const viewer = await viewerOf(user)
    if (!isMemberOf(viewer, access.organization.id)) {
      throw NotFoundException.resource('organization', access.organization.id)
    }
    return { user, access, viewer, admin: isAdminOf(viewer, access.organization.id) }
  }

  /**
   * The page's integrations: the first 1,000 the organization may install, with its installations
   * and (`withEvents`: for its admins) their ten most recent events with their logs.
   */
  async page(organizationId: string, withEvents = false) {
    const { rows } = await this.integrations.listForOrganization(organizationId, { limit: 1000 })
    const installed = await db
      .from('integration_installations')
      .where('organization_id', organizationId)
      .select('id', 'integration_id', 'status', 'configuration')
    const byIntegration = new Map(installed.map((row) => [row.integration_id, row]))
    const content = await this.contentOf(installed.map((row) => row.id))
    const recent = withEvents
      ? await this.events.recentByInstallation(installed.map((row) => row.id as string))
      : new Map<string, IntegrationEventRecord[]>()
    return rows.map((integration) => {
      const installation = byIntegration.get(integration.id)
      return {
        name: integration.name,
        title: integration.title,
        description: integration.description,
        visibility: integration.visibility,
        target: integration.target,
        fields: {
          account: fieldsOf(integration, 'account'),
          space: fieldsOf(integration, 'space'),
          site: fieldsOf(integration, 'site'),
        },
        installation: installation
          ? {
              id: installation.id as string,
              status: installation.status as string,
              configuration: JSON.parse(installation.configuration) as Record<string, unknown>,
              spaces: content.space.get(installation.id) ?? [],
              sites: content.site.get(installation.id) ?? [],
              events: (recent.get(installation.id) ?? []).map(eventProps),
            }
          : null,
      }
    })
  }

  /** The organization's live spaces and its sites, for the install forms (admins). */
  async targets(organizationId: string) {
    const [spaces, sites] = await Promise.all([
      db
        .from('spaces')
        .where('organization_id', organizationId)
        .whereNull('deleted_at')
        .orderBy('title')
        .limit(1000)
        .select('id', 'title'),
      db
        .from('sites')
        .where('organization_id', organizationId)
        .orderBy('title')
        .limit(1000)
        .select('id', 'title'),
    ])
    return { spaces, sites }
  }

  /** The integration of the URL (as the user may see it) and the organization's installation. */
  async installationOf(ctx: HttpContext) {
    const context = await this.context(ctx)
    const integration = await this.integrations.find(context.viewer, ctx.params.integrationName)
    const installation = await this.installations.find(
      context.viewer,
      integration,
      ctx.params.installationId
    )
    if (installation.organizationId !== context.access.organization.id) {
      throw NotFoundException.resource('installation', ctx.params.installationId)
    }
    return { ...context, integration, installation }
  }

  private async contentOf(installationIds: string[]) {
    const found = { space: new Map(), site: new Map() } as Record<
      ContentKind,
      Map<string, { id: string; title: string; status: string }[]>
    >
    if (installationIds.length === 0) return found
    for (const kind of ['space', 'site'] as const) {
      const rows = await db
        .from(`${CONTENT_TABLES[kind]} as c`)
        .join(`${kind}s as t`, 't.id', 'c.target_id')
        .whereIn('c.installation_id', installationIds)
        .orderBy('t.title')
        .select('c.installation_id', 't.id', 't.title', 'c.status')
      for (const row of rows) {
        const list = found[kind].get(row.installation_id) ?? []
        list.push({ id: row.id, title: row.title, status: row.status })
        found[kind].set(row.installation_id, list)
      }
    }
    return found
  }
}

/** What the page shows of one event: kind, outcome, when, how long, and the script's logs. */
function eventProps(event: IntegrationEventRecord) {
  return {
    id: event.id,
    type: event.type,
    status: event.status,
    createdAt: event.createdAt,
    durationMs: event.durationMs,
    attempts: event.attempts,
    error: event.error,
    logs: event.logs.map((log) => ({ level: log.level as string, message: log.message })),
  }
}
