import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'

/**
 * What the endpoints of one team open with: the caller, their access to the organization, the team
 * `{teamId}` (404 before 403, as everywhere), and the team policy's ability on it.
 */
@inject()
export default abstract class TeamController {
  constructor(
    protected organizations: OrganizationService,
    protected teams: TeamService
  ) {}

  protected async authorizedTeam(
    { auth, bouncer, params }: HttpContext,
    ability: 'read' | 'manage'
  ) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize(ability, access, team)
    return { user, access, team }
  }
}
