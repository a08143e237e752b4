import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type {} from '@adonisjs/inertia/types'

/**
 * Props of every console page (besides `errors`, which the Inertia middleware shares), shared right
 * after the Inertia middleware. `always`: partial reloads still refresh them. The console shares
 * them rather than config/inertia.ts, so that the Inertia config knows nothing of the console.
 */
export default class ConsoleSharedDataMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    ctx.inertia.share({
      user: ctx.inertia.always(() => {
        const user = ctx.auth.use('web').user
        return user ? { email: user.email, displayName: user.displayName } : null
      }),
      /**
       * A sentence flashed by a successful console form ("Member removed"), shown once.
       */
      notice: ctx.inertia.always(() => {
        const notice = ctx.session?.flashMessages.get('notice')
        return typeof notice === 'string' ? notice : null
      }),
    })
    return next()
  }
}

declare module '@adonisjs/inertia/types' {
  export interface SharedProps {
    user: { email: string; displayName: string } | null
    notice: string | null
  }
}
