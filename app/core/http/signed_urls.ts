import router from '@adonisjs/core/services/router'
import { urls } from '#core/http/urls'

/**
 * Absolute signed URLs of the routes that take no token (a file's bytes, a PDF): the signature
 * (APP_KEY) covers the route's parameters and query string, an expiry and a purpose, so a URL
 * signed for one route never validates on another and nobody can forge or extend one. The route
 * checks it with `request.hasValidSignature(purpose)`.
 */
export function signedUrl(
  route: string,
  params: Record<string, string>,
  options: { purpose: string; expiresIn: string | number; qs?: Record<string, string> }
): string {
  const path = router.makeSignedUrl(route, params, {
    qs: options.qs,
    expiresIn: options.expiresIn,
    purpose: options.purpose,
  })
  return urls.site(path)
}
