import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import GrantService from '#spaces/services/grant_service'
import { aggregateQueryValidator } from '#spaces/validators/space_validators'
import { serializeUserPermission } from '#spaces/serializers/grant_serializer'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * GET .../permissions/aggregate — every user who can access the space or collection, with their
 * effective role; `role` keeps those with exactly that role.
 */
@inject()
export default class ListAggregatePermissionsController {
  constructor(private grants: GrantService) {}

  async handle(ctx: HttpContext) {
    const target = await grantTarget(ctx, 'view')
    const query = await ctx.request.validateQuery(aggregateQueryValidator)
    const page = await this.grants.aggregate(target, query)
    return listEnvelope(page.items.map(serializeUserPermission), page.count, page.next)
  }
}
