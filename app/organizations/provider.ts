import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Organizations: organizations, e-mail domains, members, invites and invite links, teams.
 */
export default class OrganizationsProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#organizations/routes')
  }
}
