/*
| HTTP kernel: the error handler and the middleware every domain shares. Routes, and middleware of
| one domain alone (the console's asset server, its named middleware and Inertia shared data), are
| registered by that domain's provider (see adonisrc.ts), not here.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#core/exceptions/handler'))

/**
 * Server middleware runs on every request, routed or not. Providers add their own after these
 * (the console: its assets and Vite's).
 */
server.use([
  () => import('#core/middleware/request_id_middleware'),
  () => import('#core/middleware/access_log_middleware'),
  () => import('#core/middleware/security_headers_middleware'),
])

/**
 * Router middleware runs on every routed request. Bodies are not parsed here: each route group
 * names `body` where it wants one, `/v1` after the token is checked (see apiRoutes).
 */
router.use([
  () => import('#core/middleware/initialize_auth_middleware'),
  () => import('#core/middleware/initialize_bouncer_middleware'),
])

/**
 * Named middleware, applied per route group. `session` serves the console and SSO's browser flows
 * and stays off the stateless `/v1` API; the console names its own (shield, inertia, its guards).
 */
export const middleware = router.named({
  body: () => import('#core/middleware/body_parser_middleware'),
  apiAuth: () => import('#core/middleware/api_auth_middleware'),
  apiRateLimit: () => import('#core/middleware/api_rate_limit_middleware'),
  scope: () => import('#core/middleware/scope_middleware'),
  session: () => import('@adonisjs/session/session_middleware'),
})
