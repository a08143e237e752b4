import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import SamlProviderService from '#sso/services/saml_provider_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import { serializeSamlProvider } from '#sso/serializers/saml_provider_serializer'

/**
 * GET /v1/orgs/{organizationId}/saml — admins only.
 */
export default class ListSamlProvidersController extends OrganizationController {
  @inject()
  async handle(ctx: HttpContext, providers: SamlProviderService) {
    const { user, access } = await this.authorizedAccess(ctx, SamlProviderPolicy, 'manage')
    const page = await providers.list(
      user,
      access,
      await ctx.request.validateQuery(listQueryValidator)
    )
    return pageEnvelope(
      page.rows.map((row) => serializeSamlProvider(row, access, user)),
      page
    )
  }
}
