import type { HttpContext } from '@adonisjs/core/http'
import { createSiteValidator } from '#sites/validators/site_validators'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { formInput, noticeTo } from '#console/http/console_form'

/**
 * POST /console/orgs/:organizationId/sites: creates an unpublished site (admins) publishing the
 * spaces chosen, then opens it.
 */
export default class CreateSiteController extends ConsoleSiteController {
  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx, 'manage')
    const fields = ['title', 'visibility', 'spaces']
    const input = await formInput(ctx, createSiteValidator, fields)
    const { site } = await this.sites.create(user, access, input)
    return noticeTo(ctx, `Site ${site.title} created.`, 'console.sites.show', {
      organizationId: access.organization.id,
      siteId: site.id,
    })
  }
}
