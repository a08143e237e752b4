import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { appUrl } from '#config/app'
import SiteLocator from '#sites/services/site_locator'

const appHost = new URL(appUrl).host.toLowerCase()

/**
 * Serves sites on their own hostname or proxy prefix: a request whose Host is not this server's
 * own and names a site is answered by the published reader, before any route is matched. Requests
 * on this server's own host pass straight on.
 */
export default class SiteHostMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const host = (ctx.request.host() ?? '').toLowerCase()
    if (host === '' || host === appHost) return next()
    const locator = await ctx.containerResolver.make(SiteLocator)
    const pathname = ctx.request.url()
    const located = await locator.locateOnHost(host, pathname)
    if (!located) return next()
    // Imported here, not with this server middleware (which every process loads at boot): the
    // reader (renderer, highlighter, JWT) loads with the first request that needs it.
    const { default: PublishedSiteController } =
      await import('#sites/controllers/published_site_controller')
    const controller = await ctx.containerResolver.make(PublishedSiteController)
    const segments = pathname
      .slice(located.basePath.length)
      .split('/')
      .filter((segment) => segment !== '')
    const answer = await controller.serve(ctx, located, segments)
    if (typeof answer === 'string') ctx.response.send(answer)
  }
}
