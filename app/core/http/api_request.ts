import type { HttpContext } from '@adonisjs/core/http'

/**
 * True for requests to the `/v1` API, whose every answer is JSON.
 */
export function isApiRequest(ctx: HttpContext): boolean {
  const url = ctx.request.url()
  return url === '/v1' || url.startsWith('/v1/')
}
