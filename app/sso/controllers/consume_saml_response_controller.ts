import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SamlSignInService from '#sso/services/saml_sign_in_service'
import UserSessionsService from '#accounts/services/user_sessions_service'

/**
 * POST /sso/saml/{samlProviderId}/acs — the Assertion Consumer Service: the identity provider's
 * browser form posts `SAMLResponse` here (HTTP-POST binding; no CSRF token, since another site
 * posts it). A verified response opens a console session (a new session id, tagged with the user) and
 * lands on the console; a refused one goes back to the sign-in page with the reason.
 */
@inject()
export default class ConsumeSamlResponseController {
  constructor(
    private signIn: SamlSignInService,
    private sessions: UserSessionsService
  ) {}

  async handle(ctx: HttpContext) {
    const { params, request, response } = ctx
    const user = await this.signIn.consume(params.samlProviderId, request.input('SAMLResponse'))
    await this.sessions.signIn(ctx, user)
    return response.redirect('/console')
  }
}
