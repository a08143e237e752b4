import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Console pages need a signed-in session; others are sent to the sign-in page.
 */
export default class ConsoleAuthMiddleware {
  redirectTo = '/console/login'

  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.authenticateUsing(['web'], { loginRoute: this.redirectTo })
    return next()
  }
}
