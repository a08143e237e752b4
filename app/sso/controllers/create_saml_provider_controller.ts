import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import OrganizationController from '#organizations/controllers/organization_controller'
import SamlProviderService from '#sso/services/saml_provider_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import { createSamlProviderValidator } from '#sso/validators/saml_provider_validators'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'

/**
 * POST /v1/orgs/{organizationId}/saml — admins only.
 */
export default class CreateSamlProviderController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, providers: SamlProviderService) {
    const { user, access } = await this.authorizedAccess(ctx, SamlProviderPolicy, 'manage')
    const input = await ctx.request.validateBody(createSamlProviderValidator)
    const row = await providers.create(user, access, input)
    created(ctx.response, serializeSamlProvider(row, access, user))
  }
}
