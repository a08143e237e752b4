import type { ApplicationService } from '@adonisjs/core/types'
import { SpaceDependents } from '#spaces/contracts/space_dependents'
import { RevisionListeners } from '#content/contracts/revision_listeners'
import { JobRunner } from '#core/jobs/job_runner'

/**
 * Integrations: publishing integrations, their installations in organizations, spaces and sites,
 * and their events: recorded when they happen (in the transaction of what caused them) and
 * delivered to the integration's script by the `integrations.deliver-event` job.
 */
export default class IntegrationsProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Space installations leave with their space (deleted or transferred); a space's content
   * moving records `space_content_updated` events; the delivery job is defined.
   */
  async boot() {
    const { default: InstallationService } =
      await import('#integrations/services/installation_service')
    const { default: EventService } = await import('#integrations/services/event_service')
    const { DELIVER_EVENT_JOB, DELIVERY_ATTEMPTS } =
      await import('#integrations/services/event_recorder')
    const dependents = await this.app.container.make(SpaceDependents)
    const installations = await this.app.container.make(InstallationService)
    dependents.add({
      spacesLeft: (trx, spaceIds) => installations.spacesLeft(trx, spaceIds),
      publishedUrls: async () => new Map(),
      publishedSql: () => null,
    })
    // One instance: the listener, the job and the controllers share its settings.
    const events = await this.app.container.make(EventService)
    this.app.container.bindValue(EventService, events)
    const listeners = await this.app.container.make(RevisionListeners)
    listeners.add(events)
    const runner = await this.app.container.make(JobRunner)
    runner.define(DELIVER_EVENT_JOB, (payload, context) => events.deliver(payload, context), {
      maxAttempts: DELIVERY_ATTEMPTS,
      backoff: (attempt) => events.settings.retryBaseMs * 2 ** Math.max(0, attempt - 1),
      timeoutMs: 60_000,
    })
  }

  async start() {
    await import('#start/kernel')
    await import('#integrations/routes')
  }
}
