import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * Too many failed sign-ins: back to the form with the reason (a redirect, as Inertia forms expect),
 * and `Retry-After` for whoever reads headers.
 */
export class TooManySignInAttemptsException extends Exception {
  static status = 429
  static code = 'E_TOO_MANY_REQUESTS'

  constructor(
    public retryAfterSeconds: number,
    message = `Too many failed sign-ins; try again in ${retryAfterSeconds} seconds`
  ) {
    super(message)
  }

  /**
   * Expected under attack or from a forgetful user: not an incident.
   */
  report() {}

  async handle(error: this, ctx: HttpContext) {
    ctx.response.header('Retry-After', String(error.retryAfterSeconds))
    ctx.session.flashExcept(['_csrf', 'password'])
    ctx.session.flashErrors({ [TooManySignInAttemptsException.code]: error.message })
    ctx.response.redirect('back', true)
  }
}
