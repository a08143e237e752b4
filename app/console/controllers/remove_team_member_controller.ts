import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import { noticeBack } from '#console/http/console_form'

/**
 * DELETE /console/orgs/:organizationId/teams/:teamId/members/:userId (admins and the team's owners).
 */
export default class RemoveTeamMemberController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { team } = await this.console.team(ctx, 'manage')
    await this.teams.removeMember(team, ctx.params.userId)
    return noticeBack(ctx, 'Removed from the team.')
  }
}
