import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import { updateTeamValidator } from '#organizations/validators/team_validators'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/orgs/:organizationId/teams/:teamId: renames the team (admins and its owners).
 */
export default class UpdateTeamController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { user, team } = await this.console.team(ctx, 'manage')
    const { title } = await formInput(ctx, updateTeamValidator, ['title'])
    await this.teams.rename(user, team, title)
    return noticeBack(ctx, `Team renamed to ${title}.`)
  }
}
