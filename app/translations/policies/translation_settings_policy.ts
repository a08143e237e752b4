import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import type { OrganizationAccess } from '#organizations/organization_access'

/**
 * Translation settings: every member with a role reads them (they say which languages the
 * organization's content exists in); guests, who see only what is shared with them, do not; admins
 * manage them.
 */
export default class TranslationSettingsPolicy extends BasePolicy {
  canView(_user: User, access: OrganizationAccess) {
    return access.isMember && access.role !== null
  }

  canEdit(_user: User, access: OrganizationAccess) {
    return access.isMember && roleAtLeast(access.role, 'admin')
  }

  view(user: User, access: OrganizationAccess) {
    return (
      this.canView(user, access) ||
      AuthorizationResponse.deny(
        'Guests of this organization cannot read its translation settings',
        403
      )
    )
  }

  manage(user: User, access: OrganizationAccess) {
    return (
      this.canEdit(user, access) ||
      AuthorizationResponse.deny(
        'Only admins of this organization can manage its translation settings',
        403
      )
    )
  }

  /**
   * The record's `permissions`, from the same predicates that authorize.
   */
  permissions(user: User, access: OrganizationAccess) {
    return { view: this.canView(user, access), edit: this.canEdit(user, access) }
  }
}
