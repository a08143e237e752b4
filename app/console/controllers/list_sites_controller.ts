import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator } from '#core/http/pagination'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { listQueryOf } from '#console/serializers/list_props'

/**
 * GET /console/orgs/:organizationId/sites: the organization's sites (keyset pages, oldest first,
 * as the API lists them), and for admins the form that creates one with the spaces it publishes.
 */
export default class ListSitesController extends ConsoleSiteController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'view')
    const query = await listQueryOf(listQueryValidator, ctx.request)
    const { admin, ...shared } = await this.sitesPageProps(user, access)
    return ctx.inertia.render('sites/index', {
      ...shared,
      ...(await this.console.list(user, access, query)),
      canCreate: admin,
    })
  }
}
