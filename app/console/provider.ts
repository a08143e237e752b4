import type { ApplicationService } from '@adonisjs/core/types'
import { errorTranslators } from '#core/exceptions/error_translators'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'

/**
 * The admin console (Inertia + React) at /console.
 */
export default class ConsoleProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    errorTranslators.register('/console', consoleFailure)
    await import('#console/routes')
  }
}
