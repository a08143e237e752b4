import { randomUUID } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { withRequestContext } from '#core/audit/request_context'

/**
 * Gives every request an id (`X-Request-Id`, kept when the client or a proxy sent one) that log lines
 * and 500 answers carry. AdonisJS's built-in generator uses cuid2, which costs a fifth of the CPU of a
 * small request; a UUID from the crypto pool is nearly free. It also enters the request context
 * of a request that may change something (#core/audit/request_context), which the audit log reads
 * the source and IP of a change from.
 */
export default class RequestIdMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const headers = ctx.request.request.headers
    let id = headers['x-request-id']
    if (typeof id !== 'string' || id.length === 0 || id.length > 200) {
      id = randomUUID()
      headers['x-request-id'] = id
    }
    ctx.response.header('X-Request-Id', id)
    return withRequestContext(ctx, next)
  }
}
