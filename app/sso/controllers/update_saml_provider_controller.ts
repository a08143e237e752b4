import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import SamlProviderService from '#sso/services/saml_provider_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import {
  NULLABLE_SAML_PROVIDER_FIELDS,
  updateSamlProviderValidator,
} from '#sso/validators/saml_provider_validators'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'

/**
 * PATCH /v1/orgs/{organizationId}/saml/{samlProviderId} — admins only; fields not given keep their
 * value.
 */
export default class UpdateSamlProviderController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, providers: SamlProviderService) {
    const { user, access } = await this.authorizedAccess(ctx, SamlProviderPolicy, 'manage')
    const input = await ctx.request.validateBody(updateSamlProviderValidator, {
      nullable: NULLABLE_SAML_PROVIDER_FIELDS,
    })
    const row = await providers.update(user, access, ctx.params.samlProviderId, input)
    return serializeSamlProvider(row, access, user)
  }
}
