import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { addTeamMemberValidator } from '#console/validators/administration_validators'

/**
 * POST /console/orgs/:organizationId/teams/:teamId/members: adds an organization member, named by
 * e-mail address, to the team, or changes their team role (admins and the team's owners). An
 * address that names no member is refused by the service, which the form shows.
 */
@inject()
export default class AddTeamMemberController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, request, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize('manage', access, team)
    const { email, role } = await request.validateUsing(addTeamMemberValidator, {
      data: request.only(['email', 'role']),
    })
    await this.teams.updateMembers(team, { memberships: { [email]: { role: role ?? 'member' } } })
    session.flash('notice', `${email} is in the team as ${role ?? 'member'}.`)
    return response.redirect().back()
  }
}
