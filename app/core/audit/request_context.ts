import { AsyncLocalStorage } from 'node:async_hooks'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The HTTP request being served, for code far below its controller that needs where a change came
 * from (the audit log's IP and source) without every service passing it down. AdonisJS's own
 * `HttpContext.getOrFail()` needs `useAsyncLocalStorage`, which is off: this store holds the
 * context only, and only the request-id middleware enters it (withRequestContext).
 */
export const requestContext = new AsyncLocalStorage<HttpContext>()

/** Methods that change nothing (RFC 9110 §9.2.1): no audit entry is written while serving them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

let changing = 0

/**
 * Runs `next` inside the request context when the request may change something. On Node 20 an
 * AsyncLocalStorage in use installs promise hooks that every promise of the process pays for (~25 %
 * of the CPU of a cold page read, measured), so reads do not enter it, and the store is disabled again
 * (hooks off) whenever no changing request is in flight. Code a changing request left running
 * after its answer (a background job) reads no context then: it records as a script would.
 */
export async function withRequestContext<T>(ctx: HttpContext, next: () => Promise<T>): Promise<T> {
  if (SAFE_METHODS.has(ctx.request.request.method ?? 'GET')) return next()
  changing++
  try {
    return await requestContext.run(ctx, next)
  } finally {
    if (--changing === 0) requestContext.disable()
  }
}
