import env from '#start/env'
import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { HttpContext } from '@adonisjs/core/http'
import type { LimiterResponse } from '@adonisjs/limiter'
import { Exception } from '@adonisjs/core/exceptions'

/**
 * Budgets of the `/v1` API, per minute: every request counts against its client address, and an
 * authenticated one also against its access token. 0 turns a budget off (tests do, and `npm run bench`).
 */
export const apiRateLimits = {
  perToken: env.get('API_RATE_LIMIT_PER_TOKEN', 600),
  perIp: env.get('API_RATE_LIMIT_PER_IP', 1200),
  duration: '1 minute',
}

export type RateLimitKey = 'ip' | 'token'

/**
 * Counts one request against a budget (in the limiter's default store: Redis, the database, or
 * memory in tests) and sets GitBook's X-RateLimit-* headers; an exhausted budget is a 429 with
 * Retry-After. The token's headers, set last, are the ones an authenticated client sees.
 */
export async function consumeApiBudget(ctx: HttpContext, by: RateLimitKey) {
  const requests = by === 'ip' ? apiRateLimits.perIp : apiRateLimits.perToken
  if (!requests || requests <= 0) return
  const key = by === 'ip' ? `api_ip_${ctx.request.ip()}` : tokenKey(ctx)
  if (!key) return

  try {
    // Once a key is over its budget this process refuses it from memory until the window ends: a
    // flood costs no store round trip per request.
    const response = await limiter
      .use({ requests, duration: apiRateLimits.duration, inMemoryBlockOnConsumed: requests + 1 })
      .consume(key)
    setHeaders(ctx, response)
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) {
      throw new ApiRateLimitException(error.response, by)
    }
    throw error
  }
}

function tokenKey(ctx: HttpContext): string | undefined {
  const token = ctx.auth.use('api').user?.currentAccessToken
  return token ? `api_token_${token.identifier}` : undefined
}

function setHeaders(ctx: HttpContext, response: LimiterResponse) {
  ctx.response.header('X-RateLimit-Limit', response.limit)
  ctx.response.header('X-RateLimit-Remaining', Math.max(0, response.remaining))
  ctx.response.header(
    'X-RateLimit-Reset',
    Math.ceil(Date.now() / 1000) + Math.max(0, response.availableIn)
  )
}

/** 429 in the error shape, with the budget's headers and Retry-After in seconds. */
export class ApiRateLimitException extends Exception {
  static status = 429
  static code = 'E_TOO_MANY_REQUESTS'

  constructor(
    public limiterResponse: LimiterResponse,
    by: RateLimitKey
  ) {
    const wait = Math.max(1, limiterResponse.availableIn)
    super(
      `API rate limit exceeded for this ${by === 'ip' ? 'address' : 'access token'}. Please try again in ${wait} seconds`
    )
  }

  /** Headers of the answer; the exception handler renders the body. */
  headers() {
    const wait = Math.max(1, this.limiterResponse.availableIn)
    return {
      'Retry-After': wait,
      'X-RateLimit-Limit': this.limiterResponse.limit,
      'X-RateLimit-Remaining': 0,
      'X-RateLimit-Reset': Math.ceil(Date.now() / 1000) + wait,
    }
  }
}
