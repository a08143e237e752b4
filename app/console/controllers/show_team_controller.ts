import type { HttpContext } from '@adonisjs/core/http'
import ConsoleTeamController from '#console/controllers/console_team_controller'
import { listQueryValidator } from '#core/http/pagination'
import {
  organizationHeader,
  teamMemberProps,
  teamProps,
} from '#console/serializers/administration_props'
import { listQueryOf, pageProps } from '#console/serializers/list_props'

/**
 * GET /console/orgs/:organizationId/teams/:teamId: a team and its members; admins and the team's
 * owners get the forms to rename it and manage its members, admins the one to delete it.
 */
export default class ShowTeamController extends ConsoleTeamController {
  async handle(ctx: HttpContext) {
    const { user, access, team } = await this.console.team(ctx, 'read')
    const query = await listQueryOf(listQueryValidator, ctx.request)
    const page = await this.teams.listMembers(team, query)
    const props = teamProps(team, access, user)
    return ctx.inertia.render('teams/show', {
      organization: organizationHeader(user, access),
      team: props,
      members: page.items.map(teamMemberProps),
      ...pageProps(page),
      // Admins and the team's owners delete it, as the API allows.
      canDelete: props.canManage,
    })
  }
}
