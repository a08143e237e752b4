import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope, paginateList } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
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
    const { site, structure } = await this.withStructure(siteAccess.site, present)
    const page = paginateList(this.structure.orderedSections(structure), query)
    return pageEnvelope(
      page.rows.map((s) => present.section(site, s, structure)),
      page
    )
  }

  store(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-section',
      (request) =>
        request.validateBody(addSectionValidator, { nullable: NULLABLE_SECTION_CREATE_FIELDS }),
      (input, trx, target) => this.structure.addSection(trx, target, input),
      201
    )
  }

  update(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-section',
      (request) =>
        request.validateBody(updateSectionValidator, { nullable: NULLABLE_SECTION_FIELDS }),
      (input, trx, target) =>
        this.structure.updateSection(trx, target.id, ctx.params.siteSectionId, input)
    )
  }

  destroy(ctx: HttpContext) {
    return this.deleteItem(ctx, (trx, siteId) =>
      this.structure.deleteSection(trx, siteId, ctx.params.siteSectionId)
    )
  }

  /**
   * Deprecated move (GitBook names sortSiteStructure instead): among the section's siblings.
   */
  move(ctx: HttpContext) {
    return this.moveItem(ctx, 'site-section', (request) =>
      request.validateBody(moveSectionValidator, { nullable: [] })
    )
  }
}
