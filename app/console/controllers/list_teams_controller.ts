import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import { listTeamsQueryValidator } from '#organizations/validators/team_validators'
import { organizationHeader, teamProps } from '#console/serializers/administration_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'

/**
 * GET /console/orgs/:organizationId/teams: the teams (keyset pages), and for admins the form that
 * creates one.
 */
export default class ListTeamsController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'readTeams')
    const query = await listQueryOf(listTeamsQueryValidator, ctx.request)
    const page = await this.teams.list(user, access, query)
    const organization = organizationHeader(user, access)
    return ctx.inertia.render('teams/index', {
      organization,
      teams: page.items.map((team) => teamProps(team, access, user)),
      ...pageProps(page),
      canCreate: organization.permissions.admin,
    })
  }
}
