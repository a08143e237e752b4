import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import { roleAtLeast } from '#core/roles'
import {
  hasOrganizationRole,
  isOrganizationAdmin,
  type OrganizationAccess,
} from '#organizations/organization_access'

/**
 * Who may do what with an organization. The boolean predicates fill the record's `permissions`; the
 * actions (`update`, ...) authorize requests with the same predicates, adding the reason.
 */
export default class OrganizationPolicy extends BasePolicy {
  view(_user: User, access: OrganizationAccess) {
    return access.isMember
  }

  admin(_user: User, access: OrganizationAccess) {
    return isOrganizationAdmin(access)
  }

  createContent(_user: User, access: OrganizationAccess) {
    return access.isMember && roleAtLeast(access.role, 'create')
  }

  /**
   * Guests only see what is shared with them, not the organization's roster.
   */
  listMembers(_user: User, access: OrganizationAccess) {
    return hasOrganizationRole(access)
  }

  /**
   * Teams are listed by the same members who see the roster.
   */
  listTeams(user: User, access: OrganizationAccess) {
    return this.listMembers(user, access)
  }

  /**
   * A member's record (and their teams): whoever lists members, and every member for themselves.
   */
  viewMember(user: User, access: OrganizationAccess, userId: string) {
    return this.listMembers(user, access) || (access.isMember && user.id === userId)
  }

  update(user: User, access: OrganizationAccess) {
    return (
      this.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this organization can change its settings', 403)
    )
  }

  readMembers(user: User, access: OrganizationAccess) {
    return (
      this.listMembers(user, access) ||
      AuthorizationResponse.deny('Guests of this organization cannot list its members', 403)
    )
  }

  readMember(user: User, access: OrganizationAccess, userId: string) {
    return (
      this.viewMember(user, access, userId) ||
      AuthorizationResponse.deny(
        'Guests of this organization can only see their own membership',
        403
      )
    )
  }

  readTeams(user: User, access: OrganizationAccess) {
    return (
      this.listTeams(user, access) ||
      AuthorizationResponse.deny('Guests of this organization cannot list its teams', 403)
    )
  }

  /**
   * Roles, SSO flags, invites, invite links and teams: admins only.
   */
  manageMembers(user: User, access: OrganizationAccess) {
    return (
      this.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this organization can manage its members', 403)
    )
  }

  /**
   * The audit log (who signed in, changed roles, deleted spaces...): admins only.
   */
  readAuditLog(user: User, access: OrganizationAccess) {
    return (
      this.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this organization can read its audit log', 403)
    )
  }

  /**
   * Admins remove anyone; every member may leave.
   */
  removeMember(user: User, access: OrganizationAccess, userId: string) {
    return (
      this.admin(user, access) ||
      (access.isMember && user.id === userId) ||
      AuthorizationResponse.deny('Only admins of this organization can remove other members', 403)
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
      ownTeam: access.isMember && (access.ownsTeam ?? false),
      createContent: this.createContent(user, access),
      createOpenAPISpec: this.createContent(user, access),
      ingestConversations: admin,
      viewBilling: admin,
      listMembers: member,
      listTeams: this.listTeams(user, access),
      listIntegrations: member,
      listInstallations: admin,
      installIntegration: admin,
    }
  }
}
