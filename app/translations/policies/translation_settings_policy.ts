import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import {
  hasOrganizationRole,
  isOrganizationAdmin,
  type OrganizationAccess,
} from '#organizations/organization_access'

/**
 * Translation settings: every member with a role reads them (they say which languages the
 * organization's content exists in); guests, who see only what is shared with them, do not; admins
 * manage them.
 */
export default class TranslationSettingsPolicy extends BasePolicy {
  view(_user: User, access: OrganizationAccess) {
    return (
      hasOrganizationRole(access) ||
      AuthorizationResponse.deny(
        'Guests of this organization cannot read its translation settings',
        403
      )
    )
  }

  manage(_user: User, access: OrganizationAccess) {
    return (
      isOrganizationAdmin(access) ||
      AuthorizationResponse.deny(
        'Only admins of this organization can manage its translation settings',
        403
      )
    )
  }

  /**
   * The record's `permissions`, from the same predicates that authorize.
   */
  permissions(_user: User, access: OrganizationAccess) {
    return { view: hasOrganizationRole(access), edit: isOrganizationAdmin(access) }
  }
}
