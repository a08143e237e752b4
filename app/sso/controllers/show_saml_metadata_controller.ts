import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SamlSignInService from '#sso/services/saml_sign_in_service'

/**
 * GET /sso/saml/{samlProviderId}/metadata — public: Bindery's service-provider metadata for this
 * provider; its URL is the `service.entityID` the identity provider knows Bindery by.
 */
@inject()
export default class ShowSamlMetadataController {
  constructor(private signIn: SamlSignInService) {}

  async handle({ params, response }: HttpContext) {
    const metadata = await this.signIn.metadata(params.samlProviderId)
    if (!metadata) return response.status(404).send('No such SAML provider')
    response.header('Content-Type', 'application/samlmetadata+xml; charset=utf-8')
    return response.send(metadata)
  }
}
