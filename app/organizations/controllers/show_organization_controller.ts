import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'

/**
 * GET /v1/orgs/{organizationId}.
 */
@inject()
export default class ShowOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    return serializeOrganization(access, user)
  }
}
