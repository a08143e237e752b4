import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * A refused SSO sign-in. The browser routes answer it by going back to the console's sign-in page
 * with the reason, never with the /v1 JSON shape.
 */
export class SsoSignInException extends Exception {
  static status = 400
  static code = 'E_SSO_FAILED'

  static refused(reason: string) {
    return new SsoSignInException(`Single sign-on failed: ${reason}.`)
  }

  /**
   * Expected (expired links, misconfigured identity providers, forged responses): logged at info
   * level with the request id, not as an incident.
   */
  report(error: this, ctx: HttpContext) {
    ctx.logger.info({ requestId: ctx.request.id(), reason: error.message }, 'SSO sign-in refused')
  }

  async handle(error: this, ctx: HttpContext) {
    ctx.session.flashErrors({ [SsoSignInException.code]: error.message })
    ctx.response.redirect('/console/login')
  }
}
