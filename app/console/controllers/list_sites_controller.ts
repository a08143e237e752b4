import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator } from '#core/http/pagination'
import { SITE_VISIBILITIES } from '#sites/records'
import SitePolicy from '#sites/policies/site_policy'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { organizationHeader } from '#console/serializers/administration_props'
import { listQueryOf } from '#console/serializers/list_props'

const sitePolicy = new SitePolicy()
/**
 * GET /console/orgs/:organizationId/sites: the organization's sites (keyset pages, oldest first,
 * as the API lists them), and for admins the form that creates one with the spaces it publishes.
 */
export default class ListSitesController extends ConsoleSiteController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'view')
    const query = await listQueryOf(listQueryValidator, ctx.request)
    const organization = organizationHeader(user, access)
    const canCreate = sitePolicy.permissions(user, access).admin
    return ctx.inertia.render('sites/index', {
      organization,
      ...(await this.console.list(user, access, query)),
      canCreate,
      visibilities: [...SITE_VISIBILITIES],
      spaces: canCreate ? await this.console.spaceChoices(user, access.organization.id) : [],
    })
  }
}
