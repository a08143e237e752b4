import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'

/**
 * DELETE /console/orgs/:organizationId/teams/:teamId: deletes the team (admins), back to the list.
 */
@inject()
export default class DeleteTeamController {
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
    await this.teams.delete(team)
    session.flash('notice', `Team ${team.title} deleted.`)
    return response.redirect().toPath(`/console/orgs/${access.organization.id}/teams`)
  }
}
