/*
| HTTP kernel: the error handler and the middleware stacks. Routes are registered by each domain's
| provider (see adonisrc.ts), not here.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#core/exceptions/handler'))

/**
 * Server middleware runs on every request, routed or not.
 */
server.use([
  () => import('#core/middleware/request_id_middleware'),
  () => import('#console/middleware/console_assets_middleware'),
  () => import('@adonisjs/vite/vite_middleware'),
])

/**
 * Router middleware runs on every routed request.
 */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#core/middleware/initialize_auth_middleware'),
  () => import('#core/middleware/initialize_bouncer_middleware'),
])

/**
 * Named middleware, applied per route group. The console's stack (session, shield, inertia) stays
 * off the stateless `/v1` API.
 */
export const middleware = router.named({
  apiAuth: () => import('#core/middleware/api_auth_middleware'),
  scope: () => import('#core/middleware/scope_middleware'),
  session: () => import('@adonisjs/session/session_middleware'),
  shield: () => import('@adonisjs/shield/shield_middleware'),
  inertia: () => import('@adonisjs/inertia/inertia_middleware'),
  consoleAuth: () => import('#console/middleware/console_auth_middleware'),
  consoleGuest: () => import('#console/middleware/console_guest_middleware'),
})
