import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SamlProviderService from '#sso/services/saml_provider_service'
import { serializeSsoLogin } from '#sso/serializers/saml_provider_serializer'

/**
 * GET /v1/orgs/{organizationId}/sso — public (no token, as GitBook documents it): the providers a
 * sign-in page offers, each with its label and start URL. Pending providers are not listed.
 */
@inject()
export default class ListSsoLoginsController {
  constructor(private providers: SamlProviderService) {}

  async handle({ params }: HttpContext) {
    const logins = await this.providers.logins(params.organizationId)
    return { items: logins.map(serializeSsoLogin) }
  }
}
