import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSiteController from '#console/controllers/console_site_controller'

/**
 * GET /console/orgs/:organizationId/sites/:siteId (the API's `urls.app` of a site): its settings,
 * published URL and structure for every member with a role; its admins get the forms that change
 * them, its share links and the adaptive schema's editor. Another organization's site, and unknown
 * ids, are the console's not-found page.
 */
export default class ShowSiteController extends ConsoleSiteController {
  async handle(ctx: HttpContext) {
    const { user, access, siteAccess } = await this.console.site(ctx, 'view')
    const { admin, ...shared } = await this.sitesPageProps(user, access)
    return ctx.inertia.render('sites/show', {
      ...shared,
      ...(await this.console.detail(user, siteAccess, admin)),
      canManage: admin,
    })
  }
}
