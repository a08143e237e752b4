import type { HttpContext } from '@adonisjs/core/http'
import { listQueryValidator, pageEnvelope } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
import {
  createShareLinkValidator,
  updateShareLinkValidator,
} from '#sites/validators/site_validators'
import { BadRequestException } from '#core/exceptions/api_exceptions'

/**
 * /v1/orgs/{organizationId}/sites/{siteId}/share-links: secret links to the site (admins only:
 * each one opens a share-link site to whoever holds it).
 */
export default class ShareLinksController extends SiteController {
  async index(ctx: HttpContext) {
    const { siteAccess, site, present } = await this.siteFor(ctx, 'manage')
    const page = await this.shareLinks.list(
      siteAccess,
      await ctx.request.validateQuery(listQueryValidator)
    )
    return pageEnvelope(
      page.rows.map((link) => present.shareLink(site, link)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { siteAccess, site, present } = await this.siteFor(ctx, 'manage')
    const { name } = await ctx.request.validateBody(createShareLinkValidator, { nullable: [] })
    ctx.response.created(present.shareLink(site, await this.shareLinks.create(siteAccess, name)))
  }

  async update(ctx: HttpContext) {
    const { siteAccess, site, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(updateShareLinkValidator, { nullable: [] })
    if (input.name === undefined && input.active === undefined) {
      throw BadRequestException.invalid({
        field: 'body',
        message: 'Give at least one of name or active',
        rule: 'minProperties',
      })
    }
    const link = await this.shareLinks.update(siteAccess, ctx.params.shareLinkId, input)
    return present.shareLink(site, link)
  }

  async destroy(ctx: HttpContext) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.shareLinks.delete(siteAccess, ctx.params.shareLinkId)
    ctx.response.status(205)
  }
}
