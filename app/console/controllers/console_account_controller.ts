import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import UserService from '#accounts/services/user_service'
import UserSessionsService from '#accounts/services/user_sessions_service'
import { formInput, noticeBack } from '#console/http/console_form'
import { changePasswordValidator } from '#console/validators/account_validators'
import { PASSWORD_MIN_LENGTH } from '#console/validators/onboarding_validators'

/**
 * /console/account: the signed-in user's account — who they are, and their password.
 */
@inject()
export default class ConsoleAccountController {
  constructor(
    private users: UserService,
    private sessions: UserSessionsService
  ) {}

  async show({ auth, inertia }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    return inertia.render('account/show', {
      email: user.email,
      hasPassword: user.password !== null,
      passwordMinLength: PASSWORD_MIN_LENGTH,
    })
  }

  /**
   * POST /password: a new password; the user's other console sessions end (whoever had one keeps
   * nothing), and this one continues under a new id.
   */
  async updatePassword(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await formInput(ctx, changePasswordValidator, ['currentPassword', 'newPassword'])
    await this.users.changePassword(user, input.currentPassword, input.newPassword)
    const ended = await this.sessions.end(user.id, ctx.session.sessionId)
    ctx.session.regenerate()
    await ctx.session.tag(user.id)
    const others = ended === 1 ? '1 other session was' : `${ended} other sessions were`
    return noticeBack(ctx, `Password changed; ${others} signed out.`)
  }
}
