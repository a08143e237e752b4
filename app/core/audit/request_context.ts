import { AsyncLocalStorage } from 'node:async_hooks'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The HTTP request being served, for code far below its controller that needs where a change came
 * from (the audit log's IP and source) without every service passing it down. AdonisJS's own
 * `HttpContext.getOrFail()` needs `useAsyncLocalStorage`, which is off: this store holds the
 * context only, and only the request-id middleware enters it.
 */
export const requestContext = new AsyncLocalStorage<HttpContext>()
