import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator } from '#core/http/pagination'
import { ROLES } from '#core/roles'
import SamlProviderService from '#sso/services/saml_provider_service'
import SamlSignInService from '#sso/services/saml_sign_in_service'
import SamlProviderPolicy from '#sso/policies/saml_provider_policy'
import {
  createSamlProviderValidator,
  updateSamlProviderValidator,
} from '#sso/validators/saml_provider_validators'
import ConsoleAccessService from '#console/services/console_access_service'
import { organizationHeader } from '#console/serializers/administration_props'
import { settingsNavigation } from '#console/serializers/organization_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'
import { samlProviderDetail, samlProviderSummary } from '#console/serializers/sso_props'
import { emptyAsNull, withoutEmptyOf } from '#console/validators/form_input'
import { formInput, noticeBack, noticeTo } from '#console/http/console_form'

/**
 * Fields of the provider forms; an empty default role makes new members guests.
 */
const PROVIDER_FIELDS = ['label', 'ssoURL', 'entityID', 'certificate', 'defaultRole']
const PROVIDER_LABELS = {
  label: 'name',
  ssoURL: 'sign-in URL',
  entityID: 'entity ID',
  certificate: 'certificate',
  defaultRole: 'default role',
}

/**
 * The organization's SAML single sign-on in the console (its admins, as the API's
 * SamlProviderPolicy says): the providers, each with the identity provider's settings and the
 * service provider's URLs and metadata to copy into it, and whether SSO is required (the
 * organization's `sso` setting, OrganizationSettingsController).
 */
@inject()
export default class ConsoleSsoController {
  constructor(
    private console: ConsoleAccessService,
    private providers: SamlProviderService,
    private signIn: SamlSignInService
  ) {}

  /** GET /console/orgs/:organizationId/sso. */
  async index(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const query = await listQueryOf(listQueryValidator, ctx.request)
    const page = await this.providers.list(user, access, query)
    return ctx.inertia.render('organizations/sso', {
      organization: organizationHeader(user, access),
      navigation: settingsNavigation(user, access),
      ssoRequired: access.organization.sso,
      providers: page.rows.map(samlProviderSummary),
      roles: [...ROLES],
      ...pageProps({ items: [], ...page }),
    })
  }

  /** POST /console/orgs/:organizationId/sso/providers: to the new provider's page. */
  async store(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const input = await formInput(
      ctx,
      createSamlProviderValidator,
      PROVIDER_FIELDS,
      (body) =>
        emptyAsNull(withoutEmptyOf(body, ['ssoURL', 'entityID', 'certificate']), ['defaultRole']),
      PROVIDER_LABELS
    )
    const provider = await this.providers.create(user, access, input)
    return noticeTo(
      ctx,
      `SAML provider ${provider.label} created. Copy its service provider settings into your identity provider.`,
      'console.sso.show',
      { organizationId: access.organization.id, samlProviderId: provider.id }
    )
  }

  /** GET /console/orgs/:organizationId/sso/providers/:samlProviderId. */
  async show(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const provider = await this.providers.find(user, access, ctx.params.samlProviderId)
    const metadata = (await this.signIn.metadata(provider.id)) ?? ''
    return ctx.inertia.render('organizations/sso_provider', {
      organization: organizationHeader(user, access),
      navigation: settingsNavigation(user, access),
      provider: samlProviderDetail(provider, metadata),
      roles: [...ROLES],
    })
  }

  /**
   * PATCH .../providers/:samlProviderId: the fields sent; an empty certificate keeps the current
   * one, an empty sign-in URL or entity id is refused by the API's rules.
   */
  async update(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const input = await formInput(
      ctx,
      updateSamlProviderValidator,
      PROVIDER_FIELDS,
      (body) => emptyAsNull(withoutEmptyOf(body, ['certificate']), ['defaultRole']),
      PROVIDER_LABELS
    )
    const provider = await this.providers.update(user, access, ctx.params.samlProviderId, input)
    return noticeBack(ctx, `SAML provider ${provider.label} saved.`)
  }

  /** DELETE .../providers/:samlProviderId: back to the list. */
  async destroy(ctx: HttpContext) {
    const { user, access } = await this.admin(ctx)
    const provider = await this.providers.find(user, access, ctx.params.samlProviderId)
    await this.providers.delete(user, access, provider.id)
    return noticeTo(ctx, `SAML provider ${provider.label} deleted.`, 'console.sso.index', {
      organizationId: access.organization.id,
    })
  }

  private async admin(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(SamlProviderPolicy).authorize('manage', access)
    return { user, access }
  }
}
