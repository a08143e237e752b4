import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'

/**
 * The application key encrypts cookies and signs sessions. Keep it secret.
 */
export const appKey = new Secret(env.get('APP_KEY'))

/**
 * Base of every absolute URL the API returns (`urls.location`, `urls.app`, ...).
 */
export const appUrl = (
  env.get('APP_URL') ?? `http://${env.get('HOST')}:${env.get('PORT')}`
).replace(/\/+$/, '')

export const http = defineConfig({
  /**
   * Request ids are assigned by the request-id middleware (a UUID is far cheaper than cuid2).
   */
  generateRequestId: false,
  allowMethodSpoofing: false,
  useAsyncLocalStorage: false,
  cookie: {
    domain: '',
    path: '/',
    maxAge: '2h',
    httpOnly: true,
    secure: app.inProduction && appUrl.startsWith('https://'),
    sameSite: 'lax',
  },
})
