import type { HttpContext } from '@adonisjs/core/http'
import { SITE_VISIBILITIES } from '#sites/records'
import SitePolicy from '#sites/policies/site_policy'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { organizationHeader } from '#console/serializers/administration_props'

const sitePolicy = new SitePolicy()
/**
 * GET /console/orgs/:organizationId/sites/:siteId (the API's `urls.app` of a site): its settings,
 * published URL and structure for every member with a role; its admins get the forms that change
 * them, its share links and the adaptive schema's editor. Another organization's site, and unknown
 * ids, are the console's not-found page.
 */
export default class ShowSiteController extends ConsoleSiteController {
  async handle(ctx: HttpContext) {
    const { user, access, siteAccess } = await this.console.site(ctx, 'view')
    const organization = organizationHeader(user, access)
    const canManage = sitePolicy.permissions(user, access).admin
    return ctx.inertia.render('sites/show', {
      organization,
      ...(await this.console.detail(user, siteAccess, canManage)),
      canManage,
      visibilities: [...SITE_VISIBILITIES],
      spaces: canManage ? await this.console.spaceChoices(user, access.organization.id) : [],
    })
  }
}
