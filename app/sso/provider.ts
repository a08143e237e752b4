import type { ApplicationService } from '@adonisjs/core/types'

/**
 * SSO: SAML single sign-on providers, SSO login info and the SAML sign-in flow.
 */
export default class SsoProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#sso/routes')
  }
}
