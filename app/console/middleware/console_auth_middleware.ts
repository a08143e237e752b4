import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors as authErrors } from '@adonisjs/auth'
import { returnToQuery } from '#console/http/return_to'

/**
 * Console pages need a signed-in session; others are sent to the sign-in page, which brings them
 * back to the page they asked for (a GET's URL, say an API answer's `urls.app`) once signed in.
 */
export default class ConsoleAuthMiddleware {
  redirectTo = '/console/login'

  async handle(ctx: HttpContext, next: NextFn) {
    try {
      await ctx.auth.authenticateUsing(['web'])
    } catch (error) {
      if (!(error instanceof authErrors.E_UNAUTHORIZED_ACCESS)) throw error
      const { request, response } = ctx
      const query = request.method() === 'GET' ? returnToQuery(request.url(true)) : ''
      return response.redirect(`${this.redirectTo}${query}`)
    }
    return next()
  }
}
