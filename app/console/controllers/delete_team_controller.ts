import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import TeamService from '#organizations/services/team_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/orgs/:organizationId/teams/:teamId: deletes the team (admins), back to the list.
 */
@inject()
export default class DeleteTeamController {
  constructor(
    private console: ConsoleAccessService,
    private teams: TeamService
  ) {}

  async handle(ctx: HttpContext) {
    const { access, team } = await this.console.team(ctx, 'manage')
    await this.teams.delete(team)
    return noticeTo(ctx, `Team ${team.title} deleted.`, 'console.teams.index', {
      organizationId: access.organization.id,
    })
  }
}
