import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SignInService from '#console/services/sign_in_service'
import UserSessionsService from '#accounts/services/user_sessions_service'
import { loginValidator } from '#console/validators/login_validator'
import { safeReturnTo } from '#console/http/return_to'

/**
 * POST /console/login. Wrong credentials raise E_INVALID_CREDENTIALS, which flashes its message and
 * redirects back to the form; repeated failures are throttled (429); signing in gives a new
 * session id (no session fixation), tagged with the user so their sessions can be ended. Then to
 * the console page asked for before (`returnTo`, a console path of this server only), else the
 * console's home.
 */
@inject()
export default class LoginController {
  constructor(
    private signIn: SignInService,
    private sessions: UserSessionsService
  ) {}

  async handle(ctx: HttpContext) {
    const { request, response } = ctx
    const { email, password, returnTo } = await request.validateUsing(loginValidator)
    const user = await this.signIn.verify(email, password, request.ip())
    await this.sessions.signIn(ctx, user)
    return response.redirect(safeReturnTo(returnTo) ?? '/console')
  }
}
