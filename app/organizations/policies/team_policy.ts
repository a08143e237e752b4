import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { TeamRecord } from '#organizations/services/team_service'

const organizations = new OrganizationPolicy()

/**
 * Who may do what with a team. Organization admins manage every team; a team's owners manage that
 * team (its title, its members and their team roles, and deleting it), which is what the Team
 * record's `permissions.admin` says; creating teams stays with the organization's admins. Members who see the roster see every team, and a guest sees the teams
 * they belong to.
 */
export default class TeamPolicy extends BasePolicy {
  view(user: User, access: OrganizationAccess, team: TeamRecord) {
    return organizations.listTeams(user, access) || (access.isMember && team.callerRole !== null)
  }

  /**
   * `permissions.admin`: may rename the team, change who is in it and their team roles, and delete
   * it.
   */
  admin(user: User, access: OrganizationAccess, team: TeamRecord) {
    return organizations.admin(user, access) || (access.isMember && team.callerRole === 'owner')
  }

  read(user: User, access: OrganizationAccess, team: TeamRecord) {
    return (
      this.view(user, access, team) ||
      AuthorizationResponse.deny(
        'Guests of this organization only see the teams they belong to',
        403
      )
    )
  }

  manage(user: User, access: OrganizationAccess, team: TeamRecord) {
    return (
      this.admin(user, access, team) ||
      AuthorizationResponse.deny(
        'Only admins of this organization and owners of this team can manage it',
        403
      )
    )
  }

  /**
   * Creating teams is the organization admins' business.
   */
  create(user: User, access: OrganizationAccess) {
    return (
      organizations.admin(user, access) ||
      AuthorizationResponse.deny('Only admins of this organization can create teams', 403)
    )
  }

  permissions(user: User, access: OrganizationAccess, team: TeamRecord) {
    return { admin: this.admin(user, access, team), view: this.view(user, access, team) }
  }
}
