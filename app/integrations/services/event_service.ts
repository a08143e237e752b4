import { createHmac } from 'node:crypto'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import env from '#start/env'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { parseJson } from '#core/database/columns'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { paginate, type ListQuery } from '#core/http/pagination'
import { urls } from '#core/http/urls'
import { isWellFormedId } from '#core/ids'
import type { JobContext } from '#core/jobs/job_runner'
import { serializeUser, userFromRow } from '#accounts/serializers/user_serializer'
import type { CurrentRevisionChange, RevisionListener } from '#content/contracts/revision_listeners'
import type { IntegrationRecord } from '#integrations/records'
import {
  runIntegrationScript,
  type SandboxLimits,
  type ScriptLog,
} from '#integrations/runtime/sandbox'
import IntegrationService from '#integrations/services/integration_service'
import InstallationService from '#integrations/services/installation_service'
import EventRecorder, { EVENTS_TABLE } from '#integrations/services/event_recorder'
import { integrationBasics } from '#integrations/serializers/integration_serializer'

export type EventStatus = 'pending' | 'success' | 'failed'

/** An event as stored, with the outcome of its last delivery attempt. */
export type IntegrationEventRecord = {
  id: string
  integrationId: string
  organizationId: string
  installationId: string | null
  spaceId: string | null
  siteId: string | null
  type: string
  payload: Record<string, unknown>
  status: EventStatus
  attempts: number
  durationMs: number | null
  logs: ScriptLog[]
  error: string | null
  createdAt: string
  updatedAt: string
}

/** Which events a list reads: an integration's (its developers) or an installation's. */
/** How deliveries run: sandbox limits and retry delays (tests make them small). */
export type DeliverySettings = {
  limits: Partial<SandboxLimits>
  /** Delay before the second attempt, doubled for each next one. */
  retryBaseMs: number
}

const LIST_COLUMNS = [
  'id',
  'integration_id',
  'organization_id',
  'installation_id',
  'space_id',
  'site_id',
  'type',
  'payload',
  'status',
  'attempts',
  'duration_ms',
  'error',
  'created_at',
  'updated_at',
]

function eventFromRow(row: Record<string, any>): IntegrationEventRecord {
  return {
    id: row.id,
    integrationId: row.integration_id,
    organizationId: row.organization_id,
    installationId: row.installation_id ?? null,
    spaceId: row.space_id ?? null,
    siteId: row.site_id ?? null,
    type: row.type,
    payload: parseJson<Record<string, unknown>>(row.payload) ?? {},
    status: row.status,
    attempts: Number(row.attempts),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    logs: parseJson<ScriptLog[]>(row.logs) ?? [],
    error: row.error ?? null,
    createdAt: fromSqlTimestamp(row.created_at)!.toISO()!,
    updatedAt: fromSqlTimestamp(row.updated_at)!.toISO()!,
  }
}

/**
 * Events of integrations: `space_content_updated` recorded when a space's current revision moves
 * (the RevisionListener the provider registers, in the mover's transaction), each event delivered
 * by the `integrations.deliver-event` job through the sandbox, and the records read back (API and
 * console). The provider binds one instance: `settings` hold the sandbox limits and retries.
 */
@inject()
export default class EventService implements RevisionListener {
  settings: DeliverySettings = { limits: {}, retryBaseMs: 5000 }

  constructor(
    private integrations: IntegrationService,
    private installations: InstallationService,
    private recorder: EventRecorder
  ) {}

  /** A space's content moved: one `space_content_updated` per installation concerned. */
  async revisionBecameCurrent(trx: QueryClientContract, change: CurrentRevisionChange) {
    const found = await this.installations.concerning(
      'space',
      change.spaceId,
      change.organizationId,
      trx
    )
    if (found.length === 0) return
    const authors = await trx
      .from('revisions as r')
      .join('users as u', 'u.id', 'r.created_by_id')
      .where('r.id', change.revisionId)
      .select('u.id', 'u.email', 'u.display_name', 'u.photo_url')
    const updatedBy = authors.map((row) => serializeUser(userFromRow(row)))
    await this.recorder.record(
      trx,
      found.map(({ integration, installation, content }) => ({
        integration,
        installation,
        content,
        spaceId: change.spaceId,
        type: 'space_content_updated' as const,
        fields: { revisionId: change.revisionId, updatedBy },
      }))
    )
  }

  /**
   * The job's handler: runs the event through the integration's current script with GitBook's
   * environment and records the attempt (status, duration, logs, error). A failed run throws, so
   * the runner retries it; the last attempt's result is the record.
   */
  async deliver(payload: { eventId?: string }, context: JobContext) {
    const row = payload?.eventId
      ? await db.from(EVENTS_TABLE).where('id', payload.eventId).first()
      : null
    // Unpublished since (its events went with it): nothing to deliver.
    if (!row) return
    const found = await this.integrations.byIds([row.integration_id])
    const integration = found.get(row.integration_id)
    if (!integration) return
    const { script, secrets } = await this.integrations.runtimeOf(integration.id)
    const result = await runIntegrationScript({
      script,
      event: parseJson<Record<string, unknown>>(row.payload) ?? {},
      environment: {
        ...parseJson<Record<string, unknown>>(row.environment),
        ...environmentOf(integration),
        secrets,
      },
      limits: this.settings.limits,
    })
    const logs = result.logsTruncated
      ? [...result.logs, { level: 'warn', message: '(more lines were dropped)', at: '' }]
      : result.logs
    await db
      .from(EVENTS_TABLE)
      .where('id', row.id)
      .update({
        status: result.status === 'succeeded' ? 'success' : 'failed',
        attempts: context.attempt,
        duration_ms: result.durationMs,
        logs: JSON.stringify(logs),
        error: result.error?.slice(0, 2000) ?? null,
        updated_at: toSqlTimestamp(new Date()),
      })
    if (result.status === 'failed') throw new Error(result.error ?? 'the script failed')
  }

  /** Events newest first; the API lists delivered ones (GitBook's status is success or failed). */
  async list(integrationId: string, query: ListQuery, options: { delivered?: boolean } = {}) {
    const builder = db
      .from(EVENTS_TABLE)
      .select(LIST_COLUMNS)
      .where('integration_id', integrationId)
      .if(options.delivered, (q) => q.whereNot('status', 'pending'))
    const page = await paginate<Record<string, any>>(builder, {
      ...query,
      order: [
        { column: 'created_at', key: 'created_at' },
        { column: 'id', key: 'id' },
      ],
      direction: 'desc',
    })
    return { ...page, rows: page.rows.map(eventFromRow) }
  }

  /** Recent events of installations, newest first, `limit` per installation (with logs). */
  async recentByInstallation(installationIds: string[], limit = 10) {
    const recent = new Map<string, IntegrationEventRecord[]>()
    for (const id of installationIds) {
      const rows = await db
        .from(EVENTS_TABLE)
        .where('installation_id', id)
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
      recent.set(id, rows.map(eventFromRow))
    }
    return recent
  }

  /** One delivered event of the integration, with its logs (404 otherwise). */
  async find(integration: IntegrationRecord, eventId: string) {
    const row = isWellFormedId(eventId)
      ? await db
          .from(EVENTS_TABLE)
          .where('id', eventId)
          .where('integration_id', integration.id)
          .whereNot('status', 'pending')
          .first()
      : null
    if (!row) throw NotFoundException.resource('event', eventId)
    return eventFromRow(row)
  }
}

/**
 * The integration's part of GitBook's IntegrationEnvironment. Bindery has no integration tokens:
 * `apiTokens.integration` is empty (scripts call the API with tokens from their secrets or
 * configuration); the signing secret is derived from APP_KEY and the integration's id.
 */
function environmentOf(integration: IntegrationRecord) {
  const signing = createHmac('sha256', env.get('APP_KEY'))
    .update(`integration:${integration.id}`)
    .digest('hex')
  return {
    apiEndpoint: urls.api(''),
    apiTokens: { integration: '' },
    signingSecrets: { integration: signing },
    integration: {
      ...integrationBasics(integration),
      urls: {
        location: urls.api(`/integrations/${integration.name}`),
        app: urls.app(`/orgs/${integration.organizationId}/integrations`),
      },
    },
  }
}
