import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import { emailDomainParamValidator } from '#organizations/validators/organization_validators'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'

/**
 * GET /v1/email-domains/{emailDomain}/orgs — organizations of that e-mail domain the caller belongs
 * to or may join.
 */
@inject()
export default class ListEmailDomainOrganizationsController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const { emailDomain } = await request.validateUsing(emailDomainParamValidator, {
      data: { emailDomain: params.emailDomain },
    })
    const found = await this.organizations.listByEmailDomain(user, emailDomain)
    return { organizations: found.map((access) => serializeOrganization(access, user)) }
  }
}
