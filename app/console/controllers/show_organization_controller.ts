import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import OrganizationService from '#organizations/services/organization_service'
import { organizationSettings } from '#console/serializers/organization_props'
import { organizationHeader } from '#console/serializers/administration_props'
import { asConsoleNotFound } from '#console/exceptions/console_not_found_exception'

/**
 * GET /console/orgs/:organizationId: an organization's settings, for its members only. Unknown ids
 * and other people's organizations get the same not-found page.
 */
@inject()
export default class ShowOrganizationController {
  constructor(private organizations: OrganizationService) {}

  async handle({ auth, inertia, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.organizations
      .accessFor(user, params.organizationId)
      .catch(asConsoleNotFound)
    return inertia.render('organizations/show', {
      organization: organizationSettings(access),
      header: organizationHeader(user, access),
    })
  }
}
