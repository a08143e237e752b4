import logger from '@adonisjs/core/services/logger'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * One `info` line per request once its answer is sent: method, path, status, duration and request
 * id. The path is `request.url()`, without the query string, so signed URLs' signatures and tokens
 * given as query parameters never reach the log; no header is logged. `LOG_LEVEL=warn` turns it off
 * at the cost of one level check.
 */
export default class AccessLogMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    if (!logger.isLevelEnabled('info')) return next()

    const started = process.hrtime.bigint()
    const res = ctx.response.response
    const done = () => {
      res.off('finish', done)
      res.off('close', done)
      logger.info(
        {
          method: ctx.request.method(),
          path: ctx.request.url(),
          status: res.statusCode,
          duration_ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
          request_id: ctx.request.id(),
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request'
      )
    }
    res.on('finish', done)
    res.on('close', done)
    return next()
  }
}
