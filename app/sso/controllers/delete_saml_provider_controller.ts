import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import SamlProviderService from '#sso/services/saml_provider_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'

/**
 * DELETE /v1/orgs/{organizationId}/saml/{samlProviderId} — 204; admins only.
 */
export default class DeleteSamlProviderController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, providers: SamlProviderService) {
    const { user, access } = await this.authorizedAccess(ctx, SamlProviderPolicy, 'manage')
    await providers.delete(user, access, ctx.params.samlProviderId)
    ctx.response.status(204)
  }
}
