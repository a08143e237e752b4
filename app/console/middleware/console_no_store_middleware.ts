import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Console pages carry an administrator's data: after sign-out, Back or a shared machine's cache
 * must not show them again. Every console answer (pages, Inertia visits, form redirects and error
 * pages) is `no-store`, unless its handler says otherwise (a space's image, served privately); the
 * built assets are served elsewhere and cached as usual.
 */
export default class ConsoleNoStoreMiddleware {
  async handle({ response }: HttpContext, next: NextFn) {
    response.header('Cache-Control', 'no-store')
    await next()
  }
}
