import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import {
  NULLABLE_ORGANIZATION_FIELDS,
  updateOrganizationValidator,
} from '#organizations/validators/organization_validators'
import { rejectNullFields } from '#core/http/validation'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'

/**
 * PATCH /v1/orgs/{organizationId} — admins only.
 */
@inject()
export default class UpdateOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const access = await this.organizations.accessFor(user, params.organizationId)
    await bouncer.with(OrganizationPolicy).authorize('update', access)
    const input = await request.validateUsing(updateOrganizationValidator, {
      data: rejectNullFields(request.body(), NULLABLE_ORGANIZATION_FIELDS),
    })
    const updated = await this.organizations.update(user, access, input)
    return serializeOrganization(updated, user)
  }
}
