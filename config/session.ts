import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, stores } from '@adonisjs/session'

/**
 * Sessions serve the console only; the `/v1` API is stateless (bearer tokens).
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
  store: env.get('SESSION_DRIVER', 'cookie'),
  stores: {
    cookie: stores.cookie(),
  },
})

export default sessionConfig
