import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import SamlProviderService from '#sso/services/saml_provider_service'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'
import { createSamlProviderValidator } from '#sso/validators/saml_provider_validators'

/**
 * POST /v1/orgs/{organizationId}/saml — admins only.
 */
@inject()
export default class CreateSamlProviderController {
  constructor(
    private organizations: OrganizationService,
    private providers: SamlProviderService
  ) {}

  async handle({ auth, bouncer, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(SamlProviderPolicy).authorize('manage', access)
    const input = await request.validateUsing(createSamlProviderValidator, { data: request.body() })
    const row = await this.providers.create(user, access, input)
    const provider = serializeSamlProvider(row, access, user)
    response.header('Location', provider.urls.location)
    response.status(201)
    return provider
  }
}
