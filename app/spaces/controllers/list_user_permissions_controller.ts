import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'
import GrantService from '#spaces/services/grant_service'
import { serializeUserPermission } from '#spaces/serializers/grant_serializer'
import { grantTarget } from '#spaces/controllers/grant_target'

/**
 * GET .../permissions/users — users given a role on the space or collection itself.
 */
@inject()
export default class ListUserPermissionsController {
  constructor(private grants: GrantService) {}

  async handle(ctx: HttpContext) {
    const target = await grantTarget(ctx, 'view')
    const query = await ctx.request.validateQuery(listQueryValidator)
    const page = await this.grants.listUsers(target, query)
    return listEnvelope(page.items.map(serializeUserPermission), page.count, page.next)
  }
}
