import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
import OrganizationService from '#organizations/services/organization_service'
import {
  createOrganizationQueryValidator,
  createOrganizationValidator,
} from '#organizations/validators/organization_validators'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'
import { BadRequestException } from '#core/exceptions/api_exceptions'

/**
 * POST /v1/orgs — creates an organization; the caller becomes its admin.
 */
@inject()
export default class CreateOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(createOrganizationQueryValidator)
    if (query.withDefaultSite) {
      throw BadRequestException.invalid({
        field: 'withDefaultSite',
        message: 'this server cannot create sites yet; create the organization without it',
      })
    }
    const input = await request.validateBody(createOrganizationValidator)
    created(response, serializeOrganization(await this.organizations.create(user, input), user))
  }
}
