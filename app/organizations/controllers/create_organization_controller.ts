import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import OrganizationService from '#organizations/services/organization_service'
import {
  createOrganizationQueryValidator,
  createOrganizationValidator,
} from '#organizations/validators/organization_validators'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'

/**
 * POST /v1/orgs — creates an organization; the caller becomes its admin.
 */
@inject()
export default class CreateOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const { withDefaultSite } = await request.validateQuery(createOrganizationQueryValidator)
    const input = await request.validateBody(createOrganizationValidator)
    const access = await this.organizations.create(user, { ...input, withDefaultSite })
    created(response, serializeOrganization(access, user))
  }
}
