import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { consumeApiBudget, type RateLimitKey } from '#core/http/api_rate_limits'

/**
 * Counts a `/v1` request against a budget of apiRateLimits: `ip` before authentication (so floods of
 * bad or missing tokens are refused too), `token` after it.
 */
export default class ApiRateLimitMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { by: RateLimitKey }) {
    await consumeApiBudget(ctx, options.by)
    return next()
  }
}
