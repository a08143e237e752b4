import type { ApplicationService } from '@adonisjs/core/types'
import '#core/database/timestamps'

/**
 * The shared kernel: its only route is the liveness probe. Importing the timestamps module here pins
 * luxon to UTC before any model reads a date.
 */
export default class CoreProvider {
  constructor(protected app: ApplicationService) {}

  register() {}

  async start() {
    await import('#core/routes')
  }
}
