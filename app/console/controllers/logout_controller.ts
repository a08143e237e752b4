import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import UserSessionsService from '#accounts/services/user_sessions_service'

/**
 * POST /console/logout (a POST, so a cross-site link cannot sign anyone out). The session ends
 * server-side: a copy of the old cookie opens nothing.
 */
@inject()
export default class LogoutController {
  constructor(private sessions: UserSessionsService) {}

  async handle(ctx: HttpContext) {
    await this.sessions.signOut(ctx)
    // The sign-in page then clears Inertia's encrypted history (ConsolePrivatePagesMiddleware).
    ctx.session.flash('signedOut', true)
    return ctx.response.redirect().toRoute('console.login')
  }
}
