import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import TeamService from '#organizations/services/team_service'
import TeamPolicy from '#organizations/policies/team_policy'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import CollectionPolicy from '#spaces/policies/collection_policy'

/**
 * The record a console URL names, as the signed-in user sees it, through the domains' services and
 * policies (the same 404s and refusals as the API; the console's error translator shows them).
 */
@inject()
export default class ConsoleAccessService {
  constructor(
    private organizations: OrganizationService,
    private teams: TeamService,
    private records: SpaceAccessService
  ) {}

  /**
   * The organization of `:organizationId` (a 404 for non-members), once OrganizationPolicy allows
   * `ability` on it when one is named.
   */
  async organization(
    { auth, bouncer, params }: HttpContext,
    ability?: 'readMembers' | 'readTeams' | 'manageMembers'
  ) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    if (ability) await bouncer.with(OrganizationPolicy).authorize(ability, access)
    return { user, access }
  }

  /**
   * The team of `:organizationId/teams/:teamId`, once TeamPolicy allows `ability` on it.
   */
  async team(ctx: HttpContext, ability: 'read' | 'manage') {
    const { user, access } = await this.organization(ctx)
    const team = await this.teams.find(user, access.organization.id, ctx.params.teamId)
    await ctx.bouncer.with(TeamPolicy).authorize(ability, access, team)
    return { user, access, team }
  }

  /**
   * The space of `:spaceId` as the signed-in user sees it (`deleted`: only a deleted one).
   */
  async space({ auth, params }: HttpContext, options: { deleted?: boolean } = {}) {
    const user = auth.use('web').getUserOrFail()
    return { user, access: await this.records.spaceFor(user.id, params.spaceId, options) }
  }

  /**
   * The space of `:spaceId` its admins manage (`deleted`: only a deleted one, to restore it).
   */
  async managedSpace(ctx: HttpContext, options: { deleted?: boolean } = {}) {
    const { user, access } = await this.space(ctx, options)
    await ctx.bouncer.with(SpacePolicy).authorize('manage', access)
    return { user, access }
  }

  /**
   * The collection of `:collectionId` its admins manage.
   */
  async managedCollection({ auth, bouncer, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.records.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('manage', access)
    return { user, access }
  }
}
