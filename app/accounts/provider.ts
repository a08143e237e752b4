import { NoSharedMembership, SharedMembership } from '#accounts/contracts/shared_membership'
import type { ApplicationService } from '@adonisjs/core/types'

/**
 * Accounts: users, access tokens, the API identity (GET /v1/user).
 */
export default class AccountsProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Defaults of the contracts higher domains fill in (organizations binds SharedMembership).
   */
  register() {
    this.app.container.bind(SharedMembership, () => new NoSharedMembership())
  }

  /**
   * Routes are registered once the application has booted: the router and the kernel's named
   * middleware are only available then.
   */
  async start() {
    await import('#accounts/routes')
  }
}
