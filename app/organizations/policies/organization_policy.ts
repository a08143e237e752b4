import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import type { OrganizationAccess } from '#organizations/organization_access'

/**
 * Who may do what with an organization. The boolean predicates fill the record's `permissions`; the
 * actions (`update`, ...) authorize requests with the same predicates, adding the reason.
 */
export default class OrganizationPolicy extends BasePolicy {
  view(_user: User, access: OrganizationAccess) {
    return access.isMember
  }

  admin(_user: User, access: OrganizationAccess) {
    return access.isMember && roleAtLeast(access.role, 'admin')
  }

  createContent(_user: User, access: OrganizationAccess) {
    return access.isMember && roleAtLeast(access.role, 'create')
  }

  /**
   * Guests only see what is shared with them, not the organization's roster.
   */
  listMembers(_user: User, access: OrganizationAccess) {
    return access.isMember && access.role !== null
  }

  update(user: User, access: OrganizationAccess) {
    return (
      this.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this organization can change its settings', 403)
    )
  }

  /**
   * The `permissions` object of the Organization record, for the caller.
   */
  permissions(user: User, access: OrganizationAccess) {
    const admin = this.admin(user, access)
    const member = this.listMembers(user, access)
    return {
      view: this.view(user, access),
      access: this.view(user, access),
      admin,
      // Teams arrive with the organization-administration domain; until then nobody owns one.
      ownTeam: false,
      createContent: this.createContent(user, access),
      createOpenAPISpec: this.createContent(user, access),
      ingestConversations: admin,
      viewBilling: admin,
      listMembers: member,
      listTeams: member,
      listIntegrations: member,
      listInstallations: admin,
      installIntegration: admin,
    }
  }
}
