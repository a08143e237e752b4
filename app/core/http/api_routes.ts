import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import type { Scope } from '#core/scopes'

export type LazyController = () => Promise<{ default: new (...args: any[]) => any }>

/**
 * One route of the GitBook API: method, path below `/v1`, controller (its `handle`, or the method
 * named beside it), the OAuth scope it needs.
 */
export type ApiRoute = [
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  controller: LazyController | [LazyController, string],
  scope: Scope,
]

/**
 * Routes of the `/v1` API, in the order given: each behind a bearer token (apiAuth) and the scope
 * it names.
 */
export function apiRoutes(routes: ApiRoute[]) {
  return router
    .group(() => {
      for (const [method, path, controller, scope] of routes) {
        const handler = Array.isArray(controller) ? controller : [controller]
        router[method](path, handler as [LazyController]).use(middleware.scope(scope))
      }
    })
    .prefix('/v1')
    .use(middleware.apiAuth())
}
