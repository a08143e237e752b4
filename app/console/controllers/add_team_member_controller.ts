import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import { addTeamMemberValidator } from '#console/validators/administration_validators'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * POST /console/orgs/:organizationId/teams/:teamId/members: adds an organization member, named by
 * e-mail address, to the team, or changes their team role (admins and the team's owners). An
 * address that names no member is refused by the service, which the form shows.
 */
export default class AddTeamMemberController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { team } = await this.console.team(ctx, 'manage')
    const { email, role } = await formInput(ctx, addTeamMemberValidator, ['email', 'role'])
    await this.teams.updateMembers(team, { memberships: { [email]: { role: role ?? 'member' } } })
    return noticeBack(ctx, `${email} is in the team as ${role ?? 'member'}.`)
  }
}
