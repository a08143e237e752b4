import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'

/**
 * DELETE /console/orgs/:organizationId/teams/:teamId/members/:userId (admins and the team's owners).
 */
@inject()
export default class RemoveTeamMemberController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize('manage', access, team)
    await this.teams.removeMember(team, params.userId)
    session.flash('notice', 'Removed from the team.')
    return response.redirect().back()
  }
}
