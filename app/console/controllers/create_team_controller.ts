import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import { createTeamValidator } from '#organizations/validators/team_validators'

/**
 * POST /console/orgs/:organizationId/teams: creates a team (admins), then opens it.
 */
@inject()
export default class CreateTeamController {
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
    await bouncer.with(TeamPolicy).authorize('create', access)
    const input = await request.validateUsing(createTeamValidator, {
      data: request.only(['title']),
    })
    const team = await this.teams.create(user, access, input)
    session.flash('notice', `Team ${team.title} created.`)
    return response.redirect().toPath(`/console/orgs/${access.organization.id}/teams/${team.id}`)
  }
}
