import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import TeamService from '#organizations/services/team_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { updateTeamValidator } from '#organizations/validators/team_validators'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/orgs/:organizationId/teams/:teamId: renames the team (admins and its owners).
 */
@inject()
export default class UpdateTeamController {
  constructor(
    private console: ConsoleAccessService,
    private teams: TeamService
  ) {}

  async handle(ctx: HttpContext) {
    const { user, team } = await this.console.team(ctx, 'manage')
    const { title } = await formInput(ctx, updateTeamValidator, ['title'])
    await this.teams.rename(user, team, title)
    return noticeBack(ctx, `Team renamed to ${title}.`)
  }
}
