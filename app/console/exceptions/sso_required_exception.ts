import { Exception } from '@adonisjs/core/exceptions'
import type { HttpContext } from '@adonisjs/core/http'

/**
 * The password was right, but an organization of the user enforces single sign-on: back to the form
 * with the reason (a redirect, as Inertia forms expect).
 */
export class SsoRequiredException extends Exception {
  static status = 403
  static code = 'E_SSO_REQUIRED'

  constructor(organizationTitle: string) {
    super(
      `The organization "${organizationTitle}" requires single sign-on: sign in through its identity provider.`
    )
  }

  report() {}

  async handle(error: this, ctx: HttpContext) {
    ctx.session.flashExcept(['_csrf', 'password'])
    ctx.session.flashErrors({ [SsoRequiredException.code]: error.message })
    ctx.response.redirect('back', true)
  }
}
