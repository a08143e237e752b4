import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Gives each request a bouncer for the authenticated user. Domains authorize with their own policy
 * classes (`bouncer.with(OrganizationPolicy)`), so no global registry of abilities is needed.
 */
export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.bouncer = new Bouncer(() => ctx.auth.user || null, {}, {}).setContainerResolver(
      ctx.containerResolver
    )
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Exclude<HttpContext['auth']['user'], undefined>, {}, {}>
  }
}
