import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import SamlProviderService from '#sso/services/saml_provider_service'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'

/**
 * GET /v1/orgs/{organizationId}/saml/{samlProviderId} — admins only.
 */
@inject()
export default class ShowSamlProviderController {
  constructor(
    private organizations: OrganizationService,
    private providers: SamlProviderService
  ) {}

  async handle({ auth, bouncer, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(SamlProviderPolicy).authorize('manage', access)
    const row = await this.providers.find(user, access, params.samlProviderId)
    return serializeSamlProvider(row, access, user)
  }
}
