import type { HttpContext } from '@adonisjs/core/http'
import { ConsoleNotFoundException } from '#console/exceptions/console_not_found_exception'

/**
 * Any other URL under /console: the console's own not-found page rather than the framework's.
 */
export default class ShowNotFoundController {
  handle(_ctx: HttpContext) {
    throw new ConsoleNotFoundException()
  }
}
