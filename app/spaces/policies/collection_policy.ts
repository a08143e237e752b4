import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import type { CollectionAccess } from '#spaces/records'

/**
 * What a caller may do with a collection, from their effective role on it.
 */
export default class CollectionPolicy extends BasePolicy {
  view(_user: User, access: CollectionAccess) {
    return roleAtLeast(access.role, 'read')
  }

  admin(_user: User, access: CollectionAccess) {
    return roleAtLeast(access.role, 'admin')
  }

  /**
   * Creating spaces and collections inside it, or moving them into it.
   */
  create(_user: User, access: CollectionAccess) {
    return roleAtLeast(access.role, 'create')
  }

  manage(user: User, access: CollectionAccess) {
    return (
      this.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this collection can do this', 403)
    )
  }

  createInside(user: User, access: CollectionAccess) {
    return (
      this.create(user, access) ||
      AuthorizationResponse.deny(
        'Creating content in this collection needs the create role or above',
        403
      )
    )
  }

  transfer(_user: User, access: CollectionAccess) {
    return (
      roleAtLeast(access.organizationRole, 'admin') ||
      AuthorizationResponse.deny(
        'Only admins of the organization can transfer its collections',
        403
      )
    )
  }

  permissions(user: User, access: CollectionAccess) {
    const admin = this.admin(user, access)
    return {
      view: this.view(user, access),
      admin,
      viewInviteLinks: admin,
      create: this.create(user, access),
    }
  }
}
