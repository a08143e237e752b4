import type { ApplicationService } from '@adonisjs/core/types'
import '#core/database/timestamps'

/**
 * The shared kernel: its only route is the liveness probe; boot adds the Request macros
 * (request.validateQuery). Importing the timestamps module here pins
 * luxon to UTC before any model reads a date.
 */
export default class CoreProvider {
  constructor(protected app: ApplicationService) {}

  register() {}

  async boot() {
    await import('#core/http/request_macros')
  }

  async start() {
    await import('#core/routes')
  }
}
