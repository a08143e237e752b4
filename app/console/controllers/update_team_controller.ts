import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { updateTeamValidator } from '#organizations/validators/team_validators'

/**
 * PATCH /console/orgs/:organizationId/teams/:teamId: renames the team (admins and its owners).
 */
@inject()
export default class UpdateTeamController {
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
    const { title } = await request.validateUsing(updateTeamValidator, {
      data: request.only(['title']),
    })
    await this.teams.rename(user, team, title)
    session.flash('notice', `Team renamed to ${title}.`)
    return response.redirect().back()
  }
}
