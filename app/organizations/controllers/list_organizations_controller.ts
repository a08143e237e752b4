import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'
import { listEnvelope, listQueryValidator } from '#core/http/pagination'

/**
 * GET /v1/orgs — the caller's organizations.
 */
@inject()
export default class ListOrganizationsController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(listQueryValidator)
    const page = await this.organizations.listForUser(user, query)
    return listEnvelope(
      page.items.map((access) => serializeOrganization(access, user)),
      page.count,
      page.next
    )
  }
}
