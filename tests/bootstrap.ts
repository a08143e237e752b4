import { assert } from '@japa/assert'
import { apiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { inertiaApiClient } from '@adonisjs/inertia/plugins/api_client'
import '#tests/helpers/contract_macro'
import { createNodeServer } from '#core/http/node_server'

/**
 * The console's tests sign in with `loginAs` (the session guard), send `withCsrfToken` and read
 * Inertia pages (`withInertia`, `inertiaProps`): the session plugin keeps their sessions in the
 * memory store the server uses in tests.
 */
export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
  inertiaApiClient(app),
]

/**
 * Migrate once before the run (a fresh schema on both engines); each test then runs in a global
 * transaction rolled back after it (see tests/helpers).
 */
export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => testUtils.db().migrate()],
  teardown: [],
}

/**
 * Functional and browser suites talk to a real HTTP server on PORT.
 */
export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start(createNodeServer))
  }
}
