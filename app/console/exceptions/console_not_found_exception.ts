import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * A console page that does not exist or that the signed-in user may not see. Rendered as the
 * console's not-found page (status 404), which says nothing about whether the record exists.
 */
export class ConsoleNotFoundException extends Exception {
  static status = 404
  static code = 'E_CONSOLE_NOT_FOUND'
  static message = 'Page not found'

  /**
   * A mistyped or forbidden URL is not an incident: nothing to log.
   */
  report() {}

  async handle(_error: this, ctx: HttpContext) {
    ctx.response.status(404)
    ctx.response.send(await ctx.inertia.render('errors/not_found'))
  }
}
