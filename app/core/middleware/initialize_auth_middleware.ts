import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticator } from '@adonisjs/auth'
import type { Authenticators, GuardFactory } from '@adonisjs/auth/types'

/**
 * Gives each request its authenticator, as @adonisjs/auth's own middleware does, minus sharing it
 * with Edge views: `ctx.view` is a getter that builds a renderer (cloning Edge's globals) on every
 * request, a cost the API never needs; the console renders through Inertia.
 */
export default class InitializeAuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const auth = await ctx.containerResolver.make('auth.manager')
    ctx.auth = auth.createAuthenticator(ctx)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  interface HttpContext {
    auth: Authenticator<
      Authenticators extends Record<string, GuardFactory> ? Authenticators : never
    >
  }
}
