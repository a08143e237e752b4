import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Removes for good the spaces deleted more than 7 days ago, with everything they own. The server
 * also runs it at start-up and daily; running it from several processes at once is harmless.
 */
export default class BinderyPurge extends BaseCommand {
  static commandName = 'bindery:purge'
  static description = 'Purge spaces deleted more than 7 days ago'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { default: SpaceService } = await import('#spaces/services/space_service')
    const service = await this.app.container.make(SpaceService)
    const removed = await service.purgeExpired()
    this.logger.success(`Purged ${removed} deleted space${removed === 1 ? '' : 's'}`)
  }
}
