import type { HttpContext } from '@adonisjs/core/http'
import { sendJson } from '#core/http/responses'
import OrganizationController from '#organizations/controllers/organization_controller'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'

/**
 * GET /v1/orgs/{organizationId}.
 */
export default class ShowOrganizationController extends OrganizationController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.callerAccess(ctx)
    sendJson(ctx.response, serializeOrganization(access, user))
  }
}
