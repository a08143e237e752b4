import type { HttpContext } from '@adonisjs/core/http'
import OrganizationController from '#organizations/controllers/organization_controller'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import {
  NULLABLE_ORGANIZATION_FIELDS,
  updateOrganizationValidator,
} from '#organizations/validators/organization_validators'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'

/**
 * PATCH /v1/orgs/{organizationId} — admins only.
 */
export default class UpdateOrganizationController extends OrganizationController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.authorizedAccess(ctx, OrganizationPolicy, 'update')
    const input = await ctx.request.validateBody(updateOrganizationValidator, {
      nullable: NULLABLE_ORGANIZATION_FIELDS,
    })
    return serializeOrganization(await this.organizations.update(user, access, input), user)
  }
}
