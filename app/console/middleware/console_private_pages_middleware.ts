import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Console pages carry an administrator's data, and after sign-out neither the browser's cache nor
 * its history may show them again (Back, a shared machine):
 * - every console answer is `no-store` (ConsoleNoStoreMiddleware, first of the console's);
 * - Inertia keeps each visited page's props in the history state: they are encrypted (Inertia's
 *   history encryption, with a key in the tab's session storage), and the first page after
 *   sign-out drops the key, so Back finds nothing to show and asks the server, which signs in.
 *   Without a secure context (plain http to a host other than localhost) the browser has no
 *   WebCrypto and Inertia keeps the state as it is; no-store still applies.
 * Runs after the session and Inertia middleware.
 */
export default class ConsolePrivatePagesMiddleware {
  async handle({ inertia, session }: HttpContext, next: NextFn) {
    inertia.encryptHistory()
    if (session.flashMessages.get('signedOut')) inertia.clearHistory()
    await next()
  }
}
