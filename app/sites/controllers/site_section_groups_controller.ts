import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope, paginateList } from '#core/http/pagination'
import { listQueryValidator } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
import {
  addSectionGroupValidator,
  groupSectionValidator,
  moveSectionGroupValidator,
  updateSectionGroupValidator,
} from '#sites/validators/site_validators'

/**
 * /v1/orgs/{organizationId}/sites/{siteId}/section-groups: titled groups of sections.
 */
export default class SiteSectionGroupsController extends SiteController {
  async index(ctx: HttpContext) {
    const query = await ctx.request.validateQuery(listQueryValidator)
    const { siteAccess, present } = await this.siteFor(ctx, 'view')
    const { site, structure } = await this.withStructure(siteAccess.site, present)
    const groups = this.structure.topLevel(structure).filter((item) => !('path' in item))
    const page = paginateList(groups, query)
    return pageEnvelope(
      page.rows.map((g) => present.group(site, g, structure)),
      page
    )
  }

  store(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-section-group',
      (request) => request.validateBody(addSectionGroupValidator, { nullable: ['icon'] }),
      (input, trx, target) => this.structure.addGroup(trx, target.id, input),
      201
    )
  }

  update(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-section-group',
      (request) => request.validateBody(updateSectionGroupValidator, { nullable: ['icon'] }),
      (input, trx, target) =>
        this.structure.updateGroup(trx, target.id, ctx.params.siteSectionGroupId, input)
    )
  }

  destroy(ctx: HttpContext) {
    return this.deleteItem(ctx, (trx, siteId) =>
      this.structure.deleteGroup(trx, siteId, ctx.params.siteSectionGroupId)
    )
  }

  addSection(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-section-group',
      (request) => request.validateBody(groupSectionValidator, { nullable: [] }),
      ({ sectionId }, trx, target) =>
        this.structure.addSectionToGroup(trx, target.id, ctx.params.siteSectionGroupId, sectionId),
      201
    )
  }

  removeSection(ctx: HttpContext) {
    return this.deleteItem(ctx, (trx, siteId) =>
      this.structure.removeSectionFromGroup(
        trx,
        siteId,
        ctx.params.siteSectionGroupId,
        ctx.params.siteSectionId
      )
    )
  }

  /**
   * Deprecated move (GitBook names sortSiteStructure instead): among the top-level sections and
   * groups.
   */
  move(ctx: HttpContext) {
    return this.moveItem(ctx, 'site-section-group', (request) =>
      request.validateBody(moveSectionGroupValidator, { nullable: [] })
    )
  }
}
