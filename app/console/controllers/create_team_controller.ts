import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import TeamPolicy from '#organizations/policies/team_policy'
import { createTeamValidator } from '#organizations/validators/team_validators'
import { formInput, noticeTo } from '#console/http/console_form'

/**
 * POST /console/orgs/:organizationId/teams: creates a team (admins), then opens it.
 */
export default class CreateTeamController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(TeamPolicy).authorize('create', access)
    const input = await formInput(ctx, createTeamValidator, ['title'])
    const team = await this.teams.create(user, access, input)
    return noticeTo(ctx, `Team ${team.title} created.`, 'console.teams.show', {
      organizationId: access.organization.id,
      teamId: team.id,
    })
  }
}
