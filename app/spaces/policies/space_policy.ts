import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import type { SpaceAccess } from '#spaces/records'

/**
 * What a caller may do with a space, from their effective role on it (see effective_role.ts). The
 * predicates fill the Space's `permissions`; the actions authorize requests with the same predicates.
 */
export default class SpacePolicy extends BasePolicy {
  view(_user: User, access: SpaceAccess) {
    return roleAtLeast(access.role, 'read')
  }

  admin(_user: User, access: SpaceAccess) {
    return roleAtLeast(access.role, 'admin')
  }

  edit(_user: User, access: SpaceAccess) {
    return roleAtLeast(access.role, 'edit') && access.space.editMode === 'live'
  }

  comment(_user: User, access: SpaceAccess) {
    return roleAtLeast(access.role, 'comment')
  }

  review(_user: User, access: SpaceAccess) {
    return roleAtLeast(access.role, 'review')
  }

  /**
   * Settings, delete, restore, move and the space's permission grants.
   */
  manage(user: User, access: SpaceAccess) {
    return (
      this.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this space can do this', 403)
    )
  }

  /**
   * Transferring to another organization needs admin in the organization it leaves.
   */
  transfer(_user: User, access: SpaceAccess) {
    return (
      roleAtLeast(access.organizationRole, 'admin') ||
      AuthorizationResponse.deny('Only admins of the organization can transfer its spaces', 403)
    )
  }

  permissions(user: User, access: SpaceAccess) {
    const admin = this.admin(user, access)
    return {
      view: this.view(user, access),
      access: this.view(user, access),
      admin,
      viewInviteLinks: admin,
      edit: this.edit(user, access),
      triggerGitSync: admin,
      comment: this.comment(user, access),
      merge: this.review(user, access),
      review: this.review(user, access),
      installIntegration: admin,
    }
  }
}
