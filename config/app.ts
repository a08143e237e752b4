import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { Secret } from '@adonisjs/core/helpers'
import { defineConfig } from '@adonisjs/core/http'
import proxyAddr from 'proxy-addr'

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
  /**
   * X-Forwarded-For is believed only from the reverse proxies listed in TRUSTED_PROXIES; unset,
   * from none, so `request.ip()` (sign-in throttling, rate limits) is the connecting peer's
   * address and a client cannot choose it.
   */
  trustProxy: trustedProxies(env.get('TRUSTED_PROXIES')),
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

/**
 * TRUSTED_PROXIES (comma-separated addresses, CIDRs or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`) as the `trustProxy` test; empty trusts no peer.
 */
export function trustedProxies(list: string | undefined) {
  const entries = (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return entries.length > 0 ? proxyAddr.compile(entries) : () => false
}
