import type { ApplicationService } from '@adonisjs/core/types'
import '#core/database/timestamps'

/**
 * The shared kernel. It owns no routes; importing the timestamps module here pins luxon to UTC
 * before any model reads a date.
 */
export default class CoreProvider {
  constructor(protected app: ApplicationService) {}

  register() {}
}
