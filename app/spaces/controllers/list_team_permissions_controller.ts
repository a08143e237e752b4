import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import OrganizationService from '#organizations/services/organization_service'
import GrantService from '#spaces/services/grant_service'
import { serializeTeamPermission } from '#spaces/serializers/grant_serializer'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * GET .../permissions/teams — teams given a role on the space or collection itself.
 */
@inject()
export default class ListTeamPermissionsController {
  constructor(
    private grants: GrantService,
    private organizations: OrganizationService
  ) {}

  async handle(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const target = await grantTarget(ctx, 'view')
    const query = await ctx.request.validateQuery(listQueryValidator)
    const organization = await this.organizations.accessFor(user, target.organizationId)
    const page = await this.grants.listTeams(user, target, query)
    return listEnvelope(
      page.items.map((item) => serializeTeamPermission(item, organization, user)),
      page.count,
      page.next
    )
  }
}
