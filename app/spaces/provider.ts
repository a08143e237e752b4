import type { ApplicationService } from '@adonisjs/core/types'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Spaces: collections and spaces: their tree, permissions, move, transfer, delete and restore.
 */
export default class SpacesProvider {
  private timer?: NodeJS.Timeout

  constructor(protected app: ApplicationService) {}

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#spaces/routes')
  }

  /**
   * The web server purges expired deleted spaces at start-up and then daily (an unref'd timer never
   * keeps the process alive). Purging is idempotent, so several processes may all do it.
   */
  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const purge = async () => {
      try {
        const { default: SpaceService } = await import('#spaces/services/space_service')
        const service = await this.app.container.make(SpaceService)
        const removed = await service.purgeExpired()
        if (removed > 0) {
          const logger = await this.app.container.make('logger')
          logger.info({ removed }, 'purged expired deleted spaces')
        }
      } catch (error) {
        const logger = await this.app.container.make('logger')
        logger.error({ err: error }, 'purging deleted spaces failed')
      }
    }
    void purge()
    this.timer = setInterval(purge, DAY_MS)
    this.timer.unref()
  }

  async shutdown() {
    if (this.timer) clearInterval(this.timer)
  }
}
