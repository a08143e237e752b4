import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Every `/v1` route needs a bearer access token. A missing, malformed, unknown, expired or revoked
 * token raises E_UNAUTHORIZED_ACCESS, which the exception handler renders as a 401.
 */
export default class ApiAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    await ctx.auth.authenticateUsing(['api'])
    return next()
  }
}
