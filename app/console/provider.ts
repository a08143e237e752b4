import type { ApplicationService } from '@adonisjs/core/types'

/**
 * The admin console (Inertia + React) at /console.
 */
export default class ConsoleProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    await import('#console/routes')
  }
}
