import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import { noticeTo } from '#console/http/console_form'

/**
 * DELETE /console/orgs/:organizationId/teams/:teamId: deletes the team (admins), back to the list.
 */
export default class DeleteTeamController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { access, team } = await this.console.team(ctx, 'manage')
    await this.teams.delete(team)
    return noticeTo(ctx, `Team ${team.title} deleted.`, 'console.teams.index', {
      organizationId: access.organization.id,
    })
  }
}
