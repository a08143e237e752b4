import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import { singleValuedQuery } from '#core/http/validation'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import { listTeamsQueryValidator } from '#organizations/validators/team_validators'
import { organizationHeader, teamProps } from '#console/serializers/administration_props'

const PAGE_SIZE = 50

/**
 * GET /console/orgs/:organizationId/teams: the teams (keyset pages), and for admins the form that
 * creates one.
 */
@inject()
export default class ListTeamsController {
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
    await bouncer.with(OrganizationPolicy).authorize('readTeams', access)
    const query = await listTeamsQueryValidator.validate(singleValuedQuery(request.qs()))
    const page = await this.teams.list(user, access, { ...query, limit: query.limit ?? PAGE_SIZE })
    const organization = organizationHeader(user, access)
    return inertia.render('teams/index', {
      organization,
      teams: page.items.map((team) => teamProps(team, access, user)),
      count: page.count,
      nextPage: page.next?.page ?? null,
      canCreate: organization.permissions.admin,
    })
  }
}
