import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Sessions serve the console only; the `/v1` API is stateless (bearer tokens). They live
 * server-side — the cookie holds only the session id — so signing out, changing one's password
 * or being removed from an organization ends them for good: the database by default, Redis when
 * REDIS_URL is set (shared by every Bindery process either way). SESSION_DRIVER picks a store
 * explicitly; `memory` (built in) serves the tests (Japa's session client reads it).
 */
const sessionConfig = defineConfig({
  enabled: true,
  cookieName: 'bindery-session',
  clearWithBrowser: false,
  age: '2h',
  cookie: {
    path: '/',
    httpOnly: true,
    secure: app.inProduction && (env.get('APP_URL') ?? '').startsWith('https://'),
    sameSite: 'lax',
  },
  store: serverSideStore(env.get('SESSION_DRIVER')),
  stores: {
    database: stores.database({ tableName: 'sessions' }),
    redis: stores.redis({ connection: 'main' }),
  },
})

export default sessionConfig

function serverSideStore(driver: string | undefined): 'database' | 'redis' | 'memory' {
  if (driver === 'database' || driver === 'redis' || driver === 'memory') return driver
  return env.get('REDIS_URL') ? 'redis' : 'database'
}
