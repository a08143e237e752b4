import type { ApplicationService } from '@adonisjs/core/types'
import { errorTranslators } from '#core/exceptions/error_translators'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'

/**
 * The admin console (Inertia + React) at /console. Everything of the console is wired here: its
 * routes, its named middleware (#console/named_middleware), the Inertia props every page shares
 * (ConsoleSharedDataMiddleware) and the server middleware serving its assets; removing this
 * provider's line in adonisrc.ts removes all of it.
 */
export default class ConsoleProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * The server's middleware stack is frozen when the HTTP server boots, after every provider's
   * start(): the console's asset servers are added here, after the kernel's (the request id comes
   * first, as it does on every answer).
   */
  async start() {
    errorTranslators.register('/console', consoleFailure)
    await import('#start/kernel')
    const server = await this.app.container.make('server')
    server.use([
      () => import('#console/middleware/console_assets_middleware'),
      () => import('@adonisjs/vite/vite_middleware'),
    ])
    await import('#console/routes')
  }
}
