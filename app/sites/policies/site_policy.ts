import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import {
  hasOrganizationRole,
  isOrganizationAdmin,
  type OrganizationAccess,
} from '#organizations/organization_access'

/**
 * Sites belong to the organization as a whole: every member with a role reads them (their
 * structure, published view and adaptive schema); guests, who see only the spaces shared with them,
 * do not. Changing a site, publishing it, its share links and its visitor-authentication key (both
 * secrets that open the site to readers) are the admins'.
 */
export default class SitePolicy extends BasePolicy {
  view(_user: User, access: OrganizationAccess) {
    return (
      hasOrganizationRole(access) ||
      AuthorizationResponse.deny('Guests of this organization cannot read its sites', 403)
    )
  }

  manage(_user: User, access: OrganizationAccess) {
    return (
      isOrganizationAdmin(access) ||
      AuthorizationResponse.deny('Only admins of this organization can change its sites', 403)
    )
  }

  /**
   * The record's `permissions`, from the same predicates that authorize.
   */
  permissions(_user: User, access: OrganizationAccess) {
    const view = hasOrganizationRole(access)
    const admin = isOrganizationAdmin(access)
    return {
      view,
      access: view,
      edit: admin,
      create: admin,
      admin,
      installIntegration: admin,
      viewAdaptiveSchema: view,
      editAdaptiveSchema: admin,
    }
  }
}
