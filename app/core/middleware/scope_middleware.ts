import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import type { Scope } from '#core/scopes'

/**
 * Checks that the request's access token carries the OAuth scope the route needs (`space:read`,
 * `organization:write`, ...). Runs after the auth middleware.
 */
export default class ScopeMiddleware {
  async handle(ctx: HttpContext, next: NextFn, scope: Scope) {
    const token = ctx.auth.use('api').user?.currentAccessToken
    if (token && !token.allows(scope)) {
      throw new ForbiddenException(`This access token lacks the "${scope}" scope`)
    }
    return next()
  }
}
