import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'

/**
 * POST /v1/orgs/{organizationId}/ping — updates the caller's last-seen time in the organization.
 * Bindery has no visitor claims to attach, so the answer carries none.
 */
export default class PingOrganizationController extends OrganizationController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.callerAccess(ctx)
    await this.organizations.ping(user, access)
    return {}
  }
}
