import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope, paginateList } from '#core/http/pagination'
import { listQueryValidator } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
import { singleAnchor } from '#sites/services/site_ordering'
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
    const { site, structure } = await this.current(siteAccess, present)
    const groups = this.structure.topLevel(structure).filter((item) => !('path' in item))
    const page = paginateList(groups, query)
    return pageEnvelope(
      page.rows.map((g) => present.group(site, g, structure)),
      page
    )
  }

  async store(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(addSectionGroupValidator, { nullable: ['icon'] })
    const id = await this.change(ctx, siteAccess, (trx) =>
      this.structure.addGroup(trx, siteAccess.site.id, input)
    )
    return this.presentItem(ctx, siteAccess, present, { type: 'site-section-group', id: id }, 201)
  }

  async update(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(updateSectionGroupValidator, {
      nullable: ['icon'],
    })
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.updateGroup(trx, siteAccess.site.id, ctx.params.siteSectionGroupId, input)
    )
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-section-group', id: ctx.params.siteSectionGroupId },
      200
    )
  }

  async destroy(ctx: HttpContext) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.deleteGroup(trx, siteAccess.site.id, ctx.params.siteSectionGroupId)
    )
    ctx.response.status(205)
  }

  async addSection(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const { sectionId } = await ctx.request.validateBody(groupSectionValidator, { nullable: [] })
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.addSectionToGroup(
        trx,
        siteAccess.site.id,
        ctx.params.siteSectionGroupId,
        sectionId
      )
    )
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-section-group', id: ctx.params.siteSectionGroupId },
      201
    )
  }

  async removeSection(ctx: HttpContext) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.removeSectionFromGroup(
        trx,
        siteAccess.site.id,
        ctx.params.siteSectionGroupId,
        ctx.params.siteSectionId
      )
    )
    ctx.response.status(205)
  }

  /**
   * Deprecated move (GitBook names sortSiteStructure instead): among the top-level sections and
   * groups.
   */
  async move(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const { position } = await ctx.request.validateBody(moveSectionGroupValidator, { nullable: [] })
    const anchor = singleAnchor(position)
    await this.change(ctx, siteAccess, async (trx) => {
      const group = await this.structure.requireGroup(
        trx,
        siteAccess.site.id,
        ctx.params.siteSectionGroupId
      )
      await this.structure.sortSiblings(
        trx,
        siteAccess.site.id,
        { type: 'site-section-group', id: group.id },
        anchor
      )
    })
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-section-group', id: ctx.params.siteSectionGroupId },
      200
    )
  }
}
