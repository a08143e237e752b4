import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * The sign-in page is for signed-out visitors; a signed-in administrator goes to the console home.
 */
export default class ConsoleGuestMiddleware {
  redirectTo = '/console'

  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.use('web').check()) {
      return ctx.response.redirect(this.redirectTo, true)
    }
    return next()
  }
}
