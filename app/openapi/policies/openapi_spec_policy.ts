import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { hasOrganizationRole, type OrganizationAccess } from '#organizations/organization_access'
import OrganizationPolicy from '#organizations/policies/organization_policy'

const organizations = new OrganizationPolicy()

/**
 * OpenAPI specifications: every member with a role reads them (guests, who see only what is shared
 * with them, do not); members who may create content (`create` and above) add, update and delete
 * them — the predicate behind the Organization's `permissions.createOpenAPISpec`, so that flag and
 * these answers agree.
 */
export default class OpenAPISpecPolicy extends BasePolicy {
  view(_user: User, access: OrganizationAccess) {
    return (
      hasOrganizationRole(access) ||
      AuthorizationResponse.deny(
        'Guests of this organization cannot read its OpenAPI specifications',
        403
      )
    )
  }

  manage(user: User, access: OrganizationAccess) {
    return (
      organizations.createContent(user, access) ||
      AuthorizationResponse.deny(
        'Only members who can create content in this organization can manage its OpenAPI specifications',
        403
      )
    )
  }

  /** The record's `permissions`, from the same predicates that authorize. */
  permissions(user: User, access: OrganizationAccess) {
    return {
      view: hasOrganizationRole(access),
      edit: organizations.createContent(user, access),
    }
  }
}
