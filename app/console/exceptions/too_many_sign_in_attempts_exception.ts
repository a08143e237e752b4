import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'
import { safeReturnTo } from '#console/http/return_to'

/**
 * Too many sign-in (or sign-up) attempts: a 429 with `Retry-After`, as an Inertia page so the
 * console's forms show it — the sign-in form itself with the reason, or the error page for an
 * invite's forms (the reason also flashed, for the form's next view).
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
    const errors = { [TooManySignInAttemptsException.code]: error.message }
    ctx.response.header('Retry-After', String(error.retryAfterSeconds))
    ctx.response.status(TooManySignInAttemptsException.status)
    if (ctx.route?.name === 'console.login.store') {
      const returnTo = safeReturnTo(ctx.request.input('returnTo'))
      return ctx.response.send(await ctx.inertia.render('auth/login', { returnTo, errors }))
    }
    ctx.session.flashExcept(['_csrf', 'password'])
    ctx.session.flashErrors(errors)
    return ctx.response.send(
      await ctx.inertia.render('errors/error', {
        status: TooManySignInAttemptsException.status,
        message: error.message,
        requestId: ctx.request.id() ?? null,
      })
    )
  }
}
