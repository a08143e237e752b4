import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SamlSignInService from '#sso/services/saml_sign_in_service'

/**
 * GET /sso/saml/{samlProviderId}/start — public: sends the browser to the identity provider with a
 * SAML AuthnRequest (HTTP-Redirect binding). The provider's `service.startURL`.
 */
@inject()
export default class StartSamlSignInController {
  constructor(private signIn: SamlSignInService) {}

  async handle({ params, response }: HttpContext) {
    const url = await this.signIn.start(params.samlProviderId)
    response.header('Cache-Control', 'no-store')
    return response.redirect(url)
  }
}
