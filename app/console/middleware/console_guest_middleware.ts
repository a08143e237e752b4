import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { safeReturnTo } from '#console/http/return_to'

/**
 * The sign-in page is for signed-out visitors; a signed-in administrator goes to the page the
 * sign-in was for (`?return=`), else the console home.
 */
export default class ConsoleGuestMiddleware {
  redirectTo = '/console'

  async handle(ctx: HttpContext, next: NextFn) {
    if (await ctx.auth.use('web').check()) {
      return ctx.response.redirect(safeReturnTo(ctx.request.qs().return) ?? this.redirectTo)
    }
    return next()
  }
}
