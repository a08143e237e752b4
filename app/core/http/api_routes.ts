import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import type { Scope } from '#core/scopes'

export type LazyController = () => Promise<{ default: new (...args: any[]) => any }>

/**
 * One route of the GitBook API: method, path below `/v1`, controller (its `handle`, or the method
 * named beside it), the OAuth scope it needs and, for the few that take more than
 * config/bodyparser.ts's 1 MB, the largest body it reads.
 */
export type ApiRoute = [
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  controller: LazyController | [LazyController, string],
  scope: Scope,
  bodyLimit?: `${number}mb`,
]

/**
 * Routes of the `/v1` API, in the order given. Each counts against its address's rate-limit budget,
 * then needs a bearer token (apiAuth), then counts against the token's budget, then needs the scope
 * it names; only then is its body read, with its own limit.
 */
export function apiRoutes(routes: ApiRoute[]) {
  return router
    .group(() => {
      for (const [method, path, controller, scope, bodyLimit] of routes) {
        const handler = Array.isArray(controller) ? controller : [controller]
        router[method](path, handler as [LazyController]).use([
          middleware.scope(scope),
          middleware.body(bodyLimit ? { limit: bodyLimit } : {}),
        ])
      }
    })
    .prefix('/v1')
    .use([
      middleware.apiRateLimit({ by: 'ip' }),
      middleware.apiAuth(),
      middleware.apiRateLimit({ by: 'token' }),
    ])
}
