import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import SamlProviderService from '#sso/services/saml_provider_service'

/**
 * DELETE /v1/orgs/{organizationId}/saml/{samlProviderId} — 204; admins only.
 */
@inject()
export default class DeleteSamlProviderController {
  constructor(
    private organizations: OrganizationService,
    private providers: SamlProviderService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(SamlProviderPolicy).authorize('manage', access)
    await this.providers.delete(user, access, params.samlProviderId)
    response.status(204)
  }
}
