import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Translations: translation settings of an organization.
 */
export default class TranslationsProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#translations/routes')
  }
}
