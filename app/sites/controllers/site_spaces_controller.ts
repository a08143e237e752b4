import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope, paginateList } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
import { singleAnchor } from '#sites/services/site_ordering'
import {
  addSiteSpaceValidator,
  moveSiteSpaceValidator,
  NULLABLE_SITE_SPACE_FIELDS,
  siteSpacesQueryValidator,
  updateSiteSpaceValidator,
} from '#sites/validators/site_validators'

/**
 * /v1/orgs/{organizationId}/sites/{siteId}/site-spaces: the spaces a site publishes.
 */
export default class SiteSpacesController extends SiteController {
  async index(ctx: HttpContext) {
    const {
      shareKey,
      default: onlyDefault,
      ...query
    } = await ctx.request.validateQuery(siteSpacesQueryValidator)
    const { siteAccess, present } = await this.siteFor(ctx, 'view', shareKey)
    const { site, structure } = await this.current(siteAccess, present)
    const sections = new Map(structure.sections.map((s) => [s.id, s]))
    const ordered = structure.sections.length
      ? this.structure
          .orderedSections(structure)
          .flatMap((section) => structure.siteSpaces.filter((s) => s.siteSectionId === section.id))
      : structure.siteSpaces
    const items = ordered.flatMap((siteSpace) => {
      const parent = siteSpace.siteSectionId ? sections.get(siteSpace.siteSectionId)! : null
      return present.siteSpaces(site, [siteSpace], parent)
    })
    const filtered =
      onlyDefault === undefined ? items : items.filter((s) => s.default === onlyDefault)
    const page = paginateList(filtered, query)
    return pageEnvelope(page.rows, page)
  }

  async store(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(addSiteSpaceValidator, { nullable: ['spaceId'] })
    const id = await this.change(ctx, siteAccess, (trx, target) =>
      this.structure.addSiteSpace(trx, target, { ...input, field: 'spaceId' })
    )
    return this.presentItem(ctx, siteAccess, present, { type: 'site-space', id: id }, 201)
  }

  async update(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await ctx.request.validateBody(updateSiteSpaceValidator, {
      nullable: NULLABLE_SITE_SPACE_FIELDS,
    })
    await this.change(ctx, siteAccess, (trx, target) =>
      this.structure.updateSiteSpace(trx, target, ctx.params.siteSpaceId, input)
    )
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-space', id: ctx.params.siteSpaceId },
      200
    )
  }

  async destroy(ctx: HttpContext) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.deleteSiteSpace(trx, siteAccess.site.id, ctx.params.siteSpaceId)
    )
    ctx.response.status(205)
  }

  async move(ctx: HttpContext) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const { position } = await ctx.request.validateBody(moveSiteSpaceValidator, { nullable: [] })
    const anchor = singleAnchor(position)
    await this.change(ctx, siteAccess, (trx) =>
      this.structure.moveSiteSpace(trx, siteAccess.site.id, ctx.params.siteSpaceId, {
        before: anchor.before?.siteSpace,
        after: anchor.after?.siteSpace,
      })
    )
    return this.presentItem(
      ctx,
      siteAccess,
      present,
      { type: 'site-space', id: ctx.params.siteSpaceId },
      200
    )
  }
}
