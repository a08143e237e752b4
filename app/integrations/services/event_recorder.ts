import { inject } from '@adonisjs/core'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { newId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'
import { JobRunner } from '#core/jobs/job_runner'
import type {
  ContentInstallationRecord,
  InstallationRecord,
  IntegrationRecord,
} from '#integrations/records'
import {
  serializeContentInstallation,
  serializeInstallation,
} from '#integrations/serializers/integration_serializer'
import { effectiveConfiguration } from '#integrations/services/configuration'

/** The one job name of event deliveries (defined by the integrations provider). */
export const DELIVER_EVENT_JOB = 'integrations.deliver-event'

export const EVENTS_TABLE = 'integration_events'

/** Attempts of one delivery (the first and two retries). */
export const DELIVERY_ATTEMPTS = 3

/** GitBook's event types Bindery delivers. */
export const EVENT_TYPES = [
  'installation_setup',
  'installation_deleted',
  'space_installation_setup',
  'space_installation_deleted',
  'site_installation_setup',
  'site_installation_deleted',
  'space_content_updated',
] as const
export type EventType = (typeof EVENT_TYPES)[number]

/** One event for one installation: the fields beyond `eventId`, `type` and the ids. */
export type EventInput = {
  integration: IntegrationRecord
  installation: InstallationRecord
  /** The space's or site's installation the event is about (as it was, for deleted ones). */
  content?: ContentInstallationRecord | null
  /** The space or site when no installation of it exists (content updated through `all`). */
  spaceId?: string
  type: EventType
  fields?: Record<string, unknown>
}

/**
 * Records events and enqueues their delivery in the caller's transaction: an event exists (and is
 * delivered) only if what caused it commits. Each row keeps what the delivery needs once the
 * installation is gone: the payload and the installation's part of GitBook's `environment`
 * (installation, space or site installation, with their configuration in effect; never secrets).
 */
@inject()
export default class EventRecorder {
  constructor(private runner: JobRunner) {}

  async record(trx: QueryClientContract, inputs: EventInput[]) {
    for (const input of inputs) {
      const id = newId()
      const now = toSqlTimestamp(new Date())
      const kind = input.content?.kind
      const spaceId = kind === 'space' ? input.content!.targetId : (input.spaceId ?? null)
      const siteId = kind === 'site' ? input.content!.targetId : null
      const payload = {
        eventId: id,
        type: input.type,
        installationId: input.installation.id,
        ...(spaceId ? { spaceId } : {}),
        ...(siteId ? { siteId } : {}),
        ...input.fields,
      }
      await trx.table(EVENTS_TABLE).insert({
        id,
        integration_id: input.integration.id,
        organization_id: input.installation.organizationId,
        installation_id: input.installation.id,
        space_id: spaceId,
        site_id: siteId,
        type: input.type,
        payload: JSON.stringify(payload),
        environment: JSON.stringify(environmentOf(input)),
        status: 'pending',
        attempts: 0,
        created_at: now,
        updated_at: now,
      })
      await this.runner.enqueue(
        DELIVER_EVENT_JOB,
        { eventId: id },
        { trx: trx as TransactionClientContract }
      )
    }
  }
}

/** The installation's part of GitBook's IntegrationEnvironment, configurations in effect. */
function environmentOf({ integration, installation, content }: EventInput) {
  const account = effectiveConfiguration(
    integration.configurations.account,
    installation.configuration
  )
  const environment: Record<string, unknown> = {
    installation: { ...serializeInstallation(integration, installation), configuration: account },
  }
  if (content) {
    environment[`${content.kind}Installation`] = {
      ...serializeContentInstallation(integration, content),
      configuration: effectiveConfiguration(
        integration.configurations[content.kind],
        content.configuration
      ),
    }
  }
  return environment
}
