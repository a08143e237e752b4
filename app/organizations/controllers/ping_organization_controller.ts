import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'

/**
 * POST /v1/orgs/{organizationId}/ping — updates the caller's last-seen time in the organization.
 * Bindery has no visitor claims to attach, so the answer carries none.
 */
@inject()
export default class PingOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, params }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await this.organizations.ping(user, access)
    return {}
  }
}
