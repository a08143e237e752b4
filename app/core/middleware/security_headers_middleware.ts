import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#core/http/api_request'

/** 180 days, as shield's default; sent over HTTPS only, where browsers heed it. */
const HSTS = 'max-age=15552000'

/**
 * Headers every answer carries, set before the route runs so a route may still choose its own
 * (published sites, file downloads). `/v1` answers are personal: never stored by a cache. The
 * console's Content-Security-Policy comes from shield (config/shield.ts), with nonces.
 */
export default class SecurityHeadersMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const response = ctx.response
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Referrer-Policy', 'strict-origin-when-cross-origin')
    if (isApiRequest(ctx)) response.header('Cache-Control', 'no-store')
    if (ctx.request.secure()) response.header('Strict-Transport-Security', HSTS)
    return next()
  }
}
