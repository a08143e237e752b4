import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SamlProviderService from '#sso/services/saml_provider_service'
import { serviceProviderUrls } from '#sso/serializers/saml_provider_serializer'
import { fieldError, ssoSignInValidator } from '#console/validators/organization_settings'

/**
 * "Sign in with SSO" on the sign-in page: the person names their organization (its hostname or
 * id) or types their work e-mail address, and is sent into the SAML sign-in of its identity
 * provider (GET /sso/saml/{id}/start, the sso domain's flow). Several providers (or
 * organizations) let them choose; none is an error of the field.
 */
@inject()
export default class SsoSignInController {
  constructor(private providers: SamlProviderService) {}

  /** POST /console/login/sso. */
  async start(ctx: HttpContext) {
    const { organization } = await ctx.request.validateUsing(ssoSignInValidator)
    const logins = await this.providers.loginsFor(organization)
    if (logins.length === 0) {
      throw fieldError(
        'organization',
        'No single sign-on is set up for this organization or e-mail address. Check what you typed, or sign in with your password.',
        'sso'
      )
    }
    const choices = logins.map((login) => ({
      ...login,
      startURL: serviceProviderUrls(login.id).startURL,
    }))
    if (choices.length === 1) return ctx.inertia.location(choices[0].startURL)
    return ctx.inertia.render('auth/sso_choice', { organization, choices })
  }

  /** GET /console/login/sso (a reload of the choice): back to the sign-in page. */
  show({ response }: HttpContext) {
    return response.redirect().toRoute('console.login')
  }
}
