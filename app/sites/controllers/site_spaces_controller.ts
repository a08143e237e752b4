import type { HttpContext } from '@adonisjs/core/http'
import { pageEnvelope, paginateList } from '#core/http/pagination'
import SiteController from '#sites/controllers/site_controller'
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
    const { site, structure } = await this.withStructure(siteAccess.site, present)
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

  store(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-space',
      (request) => request.validateBody(addSiteSpaceValidator, { nullable: ['spaceId'] }),
      (input, trx, target) => this.structure.addSiteSpace(trx, target, { ...input }),
      201
    )
  }

  update(ctx: HttpContext) {
    return this.changeItem(
      ctx,
      'site-space',
      (request) =>
        request.validateBody(updateSiteSpaceValidator, { nullable: NULLABLE_SITE_SPACE_FIELDS }),
      (input, trx, target) =>
        this.structure.updateSiteSpace(trx, target, ctx.params.siteSpaceId, input)
    )
  }

  destroy(ctx: HttpContext) {
    return this.deleteItem(ctx, (trx, siteId) =>
      this.structure.deleteSiteSpace(trx, siteId, ctx.params.siteSpaceId)
    )
  }

  /**
   * Deprecated move (GitBook names sortSiteStructure instead): among the site space's siblings.
   */
  move(ctx: HttpContext) {
    return this.moveItem(ctx, 'site-space', (request) =>
      request.validateBody(moveSiteSpaceValidator, { nullable: [] })
    )
  }
}
