import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SamlSignInService from '#sso/services/saml_sign_in_service'

/**
 * POST /sso/saml/{samlProviderId}/acs — the Assertion Consumer Service: the identity provider's
 * browser form posts `SAMLResponse` here (HTTP-POST binding; no CSRF token, since another site
 * posts it). A verified response opens a console session (`login` regenerates the session id) and
 * lands on the console; a refused one goes back to the sign-in page with the reason.
 */
@inject()
export default class ConsumeSamlResponseController {
  constructor(private signIn: SamlSignInService) {}

  async handle({ auth, params, request, response }: HttpContext) {
    const user = await this.signIn.consume(params.samlProviderId, request.input('SAMLResponse'))
    await auth.use('web').login(user)
    return response.redirect('/console')
  }
}
