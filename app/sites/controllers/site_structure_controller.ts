import type { HttpContext } from '@adonisjs/core/http'
import SiteController from '#sites/controllers/site_controller'
import { defaultCustomizations } from '#sites/serializers/customizations'
import { shareKeyQueryValidator, sortStructureValidator } from '#sites/validators/site_validators'
import { siblingPosition } from '#sites/services/site_ordering'

/**
 * A site's structure as a whole: what readers get (published view), the structure, and sorting
 * any part of it (GitBook's `sortSiteStructure`, which replaces the deprecated moves).
 */
export default class SiteStructureController extends SiteController {
  /**
   * GET /published: the site and the structure its readers see (hidden site spaces left out).
   */
  async published(ctx: HttpContext) {
    const { shareKey } = await ctx.request.validateQuery(shareKeyQueryValidator)
    const { siteAccess, present } = await this.siteFor(ctx, 'view', shareKey)
    const { site, structure } = await this.withStructure(siteAccess.site, present)
    const visible = { ...structure, siteSpaces: structure.siteSpaces.filter((s) => !s.hidden) }
    return {
      object: 'published-content-site' as const,
      site: present.site(site),
      structure: present.structure(site, visible, this.structure.topLevel(visible)),
      customizations: defaultCustomizations(site, visible),
      scripts: [],
    }
  }

  async show(ctx: HttpContext) {
    const { shareKey } = await ctx.request.validateQuery(shareKeyQueryValidator)
    const { siteAccess, present } = await this.siteFor(ctx, 'view', shareKey)
    const { site, structure } = await this.withStructure(siteAccess.site, present)
    return present.structure(site, structure, this.structure.topLevel(structure))
  }

  /**
   * PATCH /structure/sort: moves a site space, section or group before or after a sibling (or to
   * the end of its level); answers with the item moved.
   */
  async sort(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(sortStructureValidator, { nullable: [] })
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.sortSiblings(
        trx,
        siteAccess.site.id,
        input.item,
        siblingPosition(input.position)
      )
    )
    return this.presentItem(ctx, siteAccess, present, input.item)
  }
}
