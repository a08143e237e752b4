import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope } from '#core/http/pagination'
import { created } from '#core/http/responses'
import SitePolicy from '#sites/policies/site_policy'
import { SitePresenter } from '#sites/serializers/site_serializer'
import SiteController from '#sites/controllers/site_controller'
import {
  createSiteValidator,
  listSitesQueryValidator,
  NULLABLE_SITE_FIELDS,
  UNSUPPORTED_SITE_FIELDS,
  updateSiteValidator,
} from '#sites/validators/site_validators'

/**
 * /v1/orgs/{organizationId}/sites and /sites/{siteId}: the sites of an organization, their
 * settings, and publishing.
 */
export default class SitesController extends SiteController {
  async index(ctx: HttpContext) {
    const { user, access } = await this.authorizedAccess(ctx, SitePolicy, 'view')
    const page = await this.sites.list(
      access,
      await ctx.request.validateQuery(listSitesQueryValidator)
    )
    const present = new SitePresenter(user, access)
    return pageEnvelope(
      page.rows.map((site) => present.site(site)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { user, access } = await this.authorizedAccess(ctx, SitePolicy, 'manage')
    const input = await ctx.request.validateBody(createSiteValidator, { nullable: [] })
    const { site } = await this.sites.create(user, access, input)
    created(ctx.response, new SitePresenter(user, access).site(site))
  }

  async show(ctx: HttpContext) {
    const { site, present } = await this.siteFor(ctx, 'view')
    return present.site(site)
  }

  async update(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(updateSiteValidator, {
      nullable: NULLABLE_SITE_FIELDS,
      unsupported: UNSUPPORTED_SITE_FIELDS,
    })
    const { defaultLevel: _inheritOnly, ...changes } = input
    const { site } = await this.sites.update(siteAccess, changes)
    return present.site(site)
  }

  async destroy(ctx: HttpContext) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.sites.delete(siteAccess)
    ctx.response.status(205)
  }

  async publish(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const { site } = await this.sites.publish(siteAccess)
    return present.site(site)
  }

  async unpublish(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const { site } = await this.sites.unpublish(siteAccess)
    return present.site(site)
  }
}
