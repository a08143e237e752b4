import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import SamlProviderService from '#sso/services/saml_provider_service'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'

/**
 * GET /v1/orgs/{organizationId}/saml — admins only.
 */
@inject()
export default class ListSamlProvidersController {
  constructor(
    private organizations: OrganizationService,
    private providers: SamlProviderService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(SamlProviderPolicy).authorize('manage', access)
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.providers.list(user, access, query)
    return listEnvelope(
      page.rows.map((row) => serializeSamlProvider(row, access, user)),
      page.count,
      page.next
    )
  }
}
