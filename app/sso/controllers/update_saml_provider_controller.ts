import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import SamlProviderService from '#sso/services/saml_provider_service'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'
import { rejectNullFields } from '#core/http/validation'
import {
  NULLABLE_SAML_PROVIDER_FIELDS,
  updateSamlProviderValidator,
} from '#sso/validators/saml_provider_validators'

/**
 * PATCH /v1/orgs/{organizationId}/saml/{samlProviderId} — admins only; fields not given keep their
 * value.
 */
@inject()
export default class UpdateSamlProviderController {
  constructor(
    private organizations: OrganizationService,
    private providers: SamlProviderService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(SamlProviderPolicy).authorize('manage', access)
    const input = await request.validateUsing(updateSamlProviderValidator, {
      data: rejectNullFields(request.body(), NULLABLE_SAML_PROVIDER_FIELDS),
    })
    const row = await this.providers.update(user, access, params.samlProviderId, input)
    return serializeSamlProvider(row, access, user)
  }
}
