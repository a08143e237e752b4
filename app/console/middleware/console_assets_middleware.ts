import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import StaticMiddleware from '@adonisjs/static/static_middleware'

/**
 * Server middleware: serves the console's built assets under `/assets/` from public/assets (see
 * config/static.ts and config/vite.ts). Every other request, the API's included, goes straight on
 * without a file-system lookup, and without building a static server: the container constructs
 * server middleware per request, so the file server is resolved only when it is needed.
 */
export default class ConsoleAssetsMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const url = ctx.request.url()
    // Dot-segments stay private (`.vite/manifest.json`): @adonisjs/static's `dotFiles` option does
    // not reach serve-static, whose default only hides a dot-file in the last segment.
    if (!url.startsWith('/assets/') || url.includes('/.')) return next()
    const staticFiles = await ctx.containerResolver.make(StaticMiddleware)
    return staticFiles.handle(ctx, next)
  }
}
