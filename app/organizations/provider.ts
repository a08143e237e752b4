import type { ApplicationService } from '@adonisjs/core/types'
import { SharedMembership } from '#accounts/contracts/shared_membership'
import { MemberSpaces, NoMemberSpaces } from '#organizations/contracts/member_spaces'
import { NoOrganizationSites, OrganizationSites } from '#organizations/contracts/organization_sites'

/**
 * Organizations: organizations, e-mail domains, members, invites and invite links, teams.
 */
export default class OrganizationsProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Fills in accounts' SharedMembership, and the defaults of the contracts the spaces and sites
   * domains bind.
   */
  register() {
    this.app.container.singleton(SharedMembership, async () => {
      const { default: MembershipService } =
        await import('#organizations/services/membership_service')
      return new MembershipService()
    })
    this.app.container.bind(MemberSpaces, () => new NoMemberSpaces())
    this.app.container.bind(OrganizationSites, () => new NoOrganizationSites())
  }

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist then).
   */
  async start() {
    await import('#organizations/routes')
  }
}
