import type { ApplicationService } from '@adonisjs/core/types'
import { SpaceDependents } from '#spaces/contracts/space_dependents'

/**
 * Integrations: publishing integrations, their installations in organizations, spaces and sites,
 * and the records event deliveries read (InstallationService.installationsForSpace, ...).
 */
export default class IntegrationsProvider {
  constructor(protected app: ApplicationService) {}

  /** Space installations leave with their space (deleted or transferred). */
  async boot() {
    const { default: InstallationService } =
      await import('#integrations/services/installation_service')
    const dependents = await this.app.container.make(SpaceDependents)
    const installations = await this.app.container.make(InstallationService)
    dependents.add({
      spacesLeft: (trx, spaceIds) => installations.spacesLeft(trx, spaceIds),
      publishedUrls: async () => new Map(),
    })
  }

  async start() {
    await import('#start/kernel')
    await import('#integrations/routes')
  }
}
