import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import SamlProviderService from '#sso/services/saml_provider_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'

/**
 * GET /v1/orgs/{organizationId}/saml/{samlProviderId} — admins only.
 */
export default class ShowSamlProviderController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, providers: SamlProviderService) {
    const { user, access } = await this.authorizedAccess(ctx, SamlProviderPolicy, 'manage')
    const row = await providers.find(user, access, ctx.params.samlProviderId)
    return serializeSamlProvider(row, access, user)
  }
}
