import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Content: revisions, pages, files, search. Registers the content routes once the application has
 * booted.
 */
export default class ContentProvider {
  constructor(protected app: ApplicationService) {}

  async start() {
    await import('#content/search/routes')
  }
}
