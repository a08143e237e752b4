import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { newId } from '#core/ids'

/**
 * Operations GitBook documents without security: they answer without a token.
 */
const PUBLIC_ROUTES = new Set(['GET /v1/orgs/:organizationId/sso'])

/**
 * Every `/v1` route, whichever domain registers it, refuses requests without a valid token in the
 * error shape. New domains are covered as soon as they register routes.
 */
function apiRoutes() {
  const routes: Array<{ method: string; path: string }> = []
  for (const domainRoutes of Object.values(router.toJSON())) {
    for (const route of domainRoutes) {
      if (!route.pattern.startsWith('/v1/')) continue
      const path = route.pattern.replace(/:[A-Za-z0-9_]+\??/g, () => newId()).replace(/\*/g, 'x')
      for (const method of route.methods) {
        if (method !== 'HEAD' && !PUBLIC_ROUTES.has(`${method} ${route.pattern}`))
          routes.push({ method, path })
      }
    }
  }
  return routes
}

test.group('Every /v1 route needs a token', () => {
  test('no token, a malformed one, or an unknown one is a 401 everywhere', async ({
    client,
    assert,
  }) => {
    const routes = apiRoutes()
    assert.isAbove(routes.length, 5)
    for (const { method, path } of routes) {
      for (const authorization of [
        undefined,
        'Bearer nonsense',
        `Bearer gb_api_OTk5OTk5.${'a'.repeat(40)}`,
      ]) {
        const request = client.request(path, method as any).json({})
        if (authorization) request.header('Authorization', authorization)
        const response = await request
        assert.equal(
          response.status(),
          401,
          `${method} ${path} with ${authorization ?? 'no token'}`
        )
        assert.deepEqual(response.body().error?.code, 401)
      }
    }
  })
})
