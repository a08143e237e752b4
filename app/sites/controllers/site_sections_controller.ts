import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope, paginateList } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
import { singleAnchor } from '#sites/services/site_ordering'
import {
  addSectionValidator,
  moveSectionValidator,
  NULLABLE_SECTION_CREATE_FIELDS,
  NULLABLE_SECTION_FIELDS,
  siteSectionsQueryValidator,
  updateSectionValidator,
} from '#sites/validators/site_validators'

/**
 * /v1/orgs/{organizationId}/sites/{siteId}/sections: the sections of a site, in the order readers
 * see them.
 */
export default class SiteSectionsController extends SiteController {
  async index(ctx: HttpContext) {
    const { shareKey, ...query } = await ctx.request.validateQuery(siteSectionsQueryValidator)
    const { siteAccess, present } = await this.siteFor(ctx, 'view', shareKey)
    const { site, structure } = await this.current(siteAccess, present)
    const page = paginateList(this.structure.orderedSections(structure), query)
    return pageEnvelope(
      page.rows.map((s) => present.section(site, s, structure)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(addSectionValidator, {
      nullable: NULLABLE_SECTION_CREATE_FIELDS,
    })
    const id = await this.change(ctx, siteAccess, (trx, target) =>
      this.structure.addSection(trx, target, input)
    )
    return this.presentItem(ctx, siteAccess, present, { type: 'site-section', id: id }, 201)
  }

  async update(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(updateSectionValidator, {
      nullable: NULLABLE_SECTION_FIELDS,
    })
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.updateSection(trx, siteAccess.site.id, ctx.params.siteSectionId, input)
    )
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-section', id: ctx.params.siteSectionId },
      200
    )
  }

  async destroy(ctx: HttpContext) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.deleteSection(trx, siteAccess.site.id, ctx.params.siteSectionId)
    )
    ctx.response.status(205)
  }

  /**
   * Deprecated move (GitBook names sortSiteStructure instead): among the section's siblings.
   */
  async move(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const { position } = await ctx.request.validateBody(moveSectionValidator, { nullable: [] })
    const anchor = singleAnchor(position)
    const pointer = (p?: { siteSection: string }) =>
      p ? { type: 'site-section', id: p.siteSection } : undefined
    await this.change(ctx, siteAccess, async (trx) => {
      const section = await this.structure.requireSection(
        trx,
        siteAccess.site.id,
        ctx.params.siteSectionId
      )
      await this.structure.sortSiblings(
        trx,
        siteAccess.site.id,
        { type: 'site-section', id: section.id },
        {
          before: pointer(anchor.before),
          after: pointer(anchor.after),
        }
      )
    })
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-section', id: ctx.params.siteSectionId },
      200
    )
  }
}
