import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import { listQueryValidator } from '#core/http/pagination'
import { organizationSummary } from '#console/serializers/organization_props'

/**
 * GET /console: the signed-in user's organizations, one keyset page at a time.
 */
@inject()
export default class ListOrganizationsController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, inertia, request }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const query = await listQueryValidator.validate(request.qs())
    const page = await this.organizations.listForUser(user, query)
    return inertia.render('organizations/index', {
      organizations: page.items.map(organizationSummary),
      count: page.count,
      nextPage: page.next?.page ?? null,
    })
  }
}
