import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { isOrganizationAdmin, type OrganizationAccess } from '#organizations/organization_access'

/**
 * SAML providers carry the organization's sign-in configuration: only its admins read and manage
 * them. What a sign-in page needs (label and start URL) is public through GET /orgs/{id}/sso.
 */
export default class SamlProviderPolicy extends BasePolicy {
  manage(_user: User, access: OrganizationAccess) {
    return (
      isOrganizationAdmin(access) ||
      AuthorizationResponse.deny(
        'Only admins of this organization can read or manage its SAML providers',
        403
      )
    )
  }
}
