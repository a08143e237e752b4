import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import TeamService from '#organizations/services/team_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { noticeBack } from '#console/http/console_form'

/**
 * DELETE /console/orgs/:organizationId/teams/:teamId/members/:userId (admins and the team's owners).
 */
@inject()
export default class RemoveTeamMemberController {
  constructor(
    private console: ConsoleAccessService,
    private teams: TeamService
  ) {}

  async handle(ctx: HttpContext) {
    const { team } = await this.console.team(ctx, 'manage')
    await this.teams.removeMember(team, ctx.params.userId)
    return noticeBack(ctx, 'Removed from the team.')
  }
}
