import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import { singleValuedQuery } from '#core/http/validation'
import { listQueryValidator } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import {
  organizationHeader,
  teamMemberProps,
  teamProps,
} from '#console/serializers/administration_props'

const PAGE_SIZE = 50

/**
 * GET /console/orgs/:organizationId/teams/:teamId: a team and its members; admins and the team's
 * owners get the forms to rename it and manage its members, admins the one to delete it.
 */
@inject()
export default class ShowTeamController {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, inertia, params, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    const team = await this.teams.find(user, access.organization.id, params.teamId)
    await bouncer.with(TeamPolicy).authorize('read', access, team)
    const query = await listQueryValidator.validate(singleValuedQuery(request.qs()))
    const page = await this.teams.listMembers(team, { ...query, limit: query.limit ?? PAGE_SIZE })
    const props = teamProps(team, access, user)
    return inertia.render('teams/show', {
      organization: organizationHeader(user, access),
      team: props,
      members: page.items.map(teamMemberProps),
      count: page.count,
      nextPage: page.next?.page ?? null,
      // Admins and the team's owners delete it, as the API allows.
      canDelete: props.canManage,
    })
  }
}
