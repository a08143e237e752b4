import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Spaces: collections and spaces: their tree, permissions, move, transfer, delete and restore.
 */
export default class SpacesProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#spaces/routes')
  }
}
