import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import OrganizationController from '#organizations/controllers/organization_controller'
import OrganizationService from '#organizations/services/organization_service'
import SitePolicy from '#sites/policies/site_policy'
import type { SiteAccess, SiteRecord } from '#sites/records'
import { SitePresenter } from '#sites/serializers/site_serializer'
import SiteService from '#sites/services/site_service'
import ShareLinkService from '#sites/services/share_link_service'
import SiteStructureService, { type SiteTarget } from '#sites/services/site_structure_service'
import { siblingPosition } from '#sites/services/site_ordering'

type ItemType = 'site-space' | 'site-section' | 'site-section-group'

/** The route parameter naming each kind of part. */
const ITEM_PARAMS: Record<ItemType, string> = {
  'site-space': 'siteSpaceId',
  'site-section': 'siteSectionId',
  'site-section-group': 'siteSectionGroupId',
}

/**
 * What the endpoints under /v1/orgs/{organizationId}/sites/{siteId} open with: the caller, the
 * site (404 for one of another organization), the site policy's ability, and a presenter for the
 * caller. Structure changes run in one transaction and answer with the site as it is after.
 */
@inject()
export default abstract class SiteController extends OrganizationController {
  constructor(
    organizations: OrganizationService,
    protected sites: SiteService,
    protected structure: SiteStructureService,
    protected shareLinks: ShareLinkService
  ) {
    super(organizations)
  }

  protected async siteFor(ctx: HttpContext, ability: 'view' | 'manage', shareKey?: string) {
    const { user, access } = await this.authorizedAccess(ctx, SitePolicy, ability)
    const siteAccess = await this.sites.find(access, ctx.params.siteId)
    if (shareKey !== undefined) await this.requireShareKey(siteAccess, shareKey)
    return {
      user,
      siteAccess,
      site: siteAccess.site,
      present: new SitePresenter(user, access, shareKey),
    }
  }

  /**
   * Runs a structure change on the site in one transaction (all of it or none).
   */
  protected change<T>(
    ctx: HttpContext,
    siteAccess: SiteAccess,
    work: (trx: TransactionClientContract, target: SiteTarget) => Promise<T>
  ): Promise<T> {
    return this.structure.change(siteAccess, ctx.auth.getUserOrFail().id, work)
  }

  /**
   * The site's whole structure, Space records loaded, for presenting. After a change, the site is
   * read again first (`current`): its defaults and counts may have moved.
   */
  protected async withStructure(site: SiteRecord, present: SitePresenter) {
    const structure = await this.structure.load(db, site.id)
    await present.loadSpaces(structure.siteSpaces)
    return { site, structure }
  }

  protected async current(siteAccess: SiteAccess, present: SitePresenter) {
    const { site } = await this.sites.find(siteAccess.access, siteAccess.site.id)
    return this.withStructure(site, present)
  }

  /**
   * An admin's change to one part of the site: the body read (after authorization), the work done
   * in one transaction, and the part as it is after: the one `work` created when it returns an id,
   * else the one the route names.
   */
  protected async changeItem<Input>(
    ctx: HttpContext,
    type: ItemType,
    read: (request: HttpContext['request']) => Promise<Input>,
    work: (input: Input, trx: TransactionClientContract, target: SiteTarget) => Promise<unknown>,
    status = 200
  ) {
    const { siteAccess, present } = await this.siteFor(ctx, 'manage')
    const input = await read(ctx.request)
    const created = await this.change(ctx, siteAccess, (trx, target) => work(input, trx, target))
    const id = typeof created === 'string' ? created : ctx.params[ITEM_PARAMS[type]]
    return this.presentItem(ctx, siteAccess, present, { type, id }, status)
  }

  /**
   * An admin's move of the part the route names, before or after a sibling (or to the end).
   */
  protected moveItem(
    ctx: HttpContext,
    type: ItemType,
    read: (
      request: HttpContext['request']
    ) => Promise<{ position?: Parameters<typeof siblingPosition>[0] }>
  ) {
    return this.changeItem(ctx, type, read, ({ position }, trx, target) =>
      this.structure.sortSiblings(
        trx,
        target.id,
        { type, id: ctx.params[ITEM_PARAMS[type]] },
        siblingPosition(position)
      )
    )
  }

  /**
   * An admin's deletion of a part of the site, in one transaction: 205.
   */
  protected async deleteItem(
    ctx: HttpContext,
    work: (trx: TransactionClientContract, siteId: string) => Promise<void>
  ) {
    const { siteAccess } = await this.siteFor(ctx, 'manage')
    await this.change(ctx, siteAccess, (trx, target) => work(trx, target.id))
    ctx.response.status(205)
  }

  /**
   * Answers with one part of the site as it is now (after a change): a site space, a section or a
   * section group.
   */
  protected async presentItem(
    ctx: HttpContext,
    siteAccess: SiteAccess,
    present: SitePresenter,
    item: { type: ItemType; id: string },
    status = 200
  ) {
    const { site, structure } = await this.current(siteAccess, present)
    ctx.response.status(status)
    if (item.type === 'site-space') {
      const siteSpace = structure.siteSpaces.find((s) => s.id === item.id)!
      const parent = structure.sections.find((s) => s.id === siteSpace.siteSectionId) ?? null
      return present.siteSpaces(site, [siteSpace], parent)[0]
    }
    if (item.type === 'site-section') {
      return present.section(
        site,
        structure.sections.find((s) => s.id === item.id)!,
        structure
      )
    }
    return present.group(
      site,
      structure.groups.find((g) => g.id === item.id)!,
      structure
    )
  }

  private async requireShareKey(siteAccess: SiteAccess, shareKey: string) {
    const link = await this.shareLinks.activeShareLink(db, siteAccess.site.id, shareKey)
    if (!link) throw new NotFoundException('No active share link of this site has this key')
  }
}
