import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import ConsoleAccessService from '#console/services/console_access_service'
import { ROLES } from '#core/roles'
import { organizationSettings, settingsNavigation } from '#console/serializers/organization_props'
import { organizationHeader } from '#console/serializers/administration_props'

/**
 * GET /console/orgs/:organizationId: an organization's settings, for its members only. Unknown ids
 * and other people's organizations get the same not-found page.
 */
@inject()
export default class ShowOrganizationController {
  constructor(private console: ConsoleAccessService) {}

  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    return ctx.inertia.render('organizations/show', {
      organization: organizationSettings(access),
      header: organizationHeader(user, access),
      navigation: settingsNavigation(user, access),
      roles: [...ROLES],
    })
  }
}
