import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import type { OrganizationAccess } from '#organizations/organization_access'
import SitePolicy from '#sites/policies/site_policy'
import type { SiteAccess } from '#sites/records'
import { SitePresenter } from '#sites/serializers/site_serializer'
import SiteService from '#sites/services/site_service'
import ShareLinkService from '#sites/services/share_link_service'
import AdaptiveSchemaService from '#sites/services/adaptive_schema_service'
import SiteStructureService, { type SiteTarget } from '#sites/services/site_structure_service'
import type { Sibling, SiblingPosition } from '#sites/services/site_ordering'
import ConsoleAccessService from '#console/services/console_access_service'
import ConsoleSpacesService from '#console/services/console_spaces_service'
import type { SpaceTreeNode } from '#console/serializers/space_props'
import PublishedLinksService from '#sites/services/published_links_service'
import { siteDetailProps, siteSummaryProps } from '#console/serializers/site_props'

/**
 * Share links listed on a site's page (the API pages through more).
 */
const SHARE_LINKS_SHOWN = 100

export type SiteAbility = 'view' | 'manage'

export type SortDirection = 'up' | 'down'

/**
 * What the console's site pages read and the frame their forms change a site in, through the sites
 * domain's services and policy (the same 404s and refusals as the API).
 */
@inject()
export default class ConsoleSitesService {
  constructor(
    private console: ConsoleAccessService,
    private spaces: ConsoleSpacesService,
    private sites: SiteService,
    private structure: SiteStructureService,
    private shareLinks: ShareLinkService,
    private schemas: AdaptiveSchemaService,
    private published: PublishedLinksService
  ) {}

  /**
   * The organization of `:organizationId`, once SitePolicy allows `ability` on its sites.
   */
  async organization(ctx: HttpContext, ability: SiteAbility) {
    const { user, access } = await this.console.organization(ctx)
    await ctx.bouncer.with(SitePolicy).authorize(ability, access)
    return { user, access }
  }

  /**
   * The site of `:organizationId/sites/:siteId` (another organization's is not found), once
   * SitePolicy allows `ability`.
   */
  async site(ctx: HttpContext, ability: SiteAbility) {
    const { user, access } = await this.organization(ctx, ability)
    const siteAccess = await this.sites.find(access, ctx.params.siteId)
    return { user, access, siteAccess }
  }

  /**
   * Runs a structure change on the site in one transaction, as the signed-in user.
   */
  change<T>(
    user: User,
    siteAccess: SiteAccess,
    work: (trx: TransactionClientContract, target: SiteTarget) => Promise<T>
  ): Promise<T> {
    return this.structure.change(siteAccess, user.id, work)
  }

  /**
   * The sites of a page of the organization's list, as rows of the console's table.
   */
  async list(user: User, access: OrganizationAccess, query: { page?: string; limit: number }) {
    const page = await this.sites.list(access, query)
    const present = new SitePresenter(user, access)
    return {
      sites: page.rows.map((site) => siteSummaryProps(site, present.baseUrl(site))),
      count: page.count,
      nextPage: page.next?.page ?? null,
    }
  }

  /**
   * The spaces of the organization the user sees, in tree order: what a site may publish.
   */
  async spaceChoices(user: User, organizationId: string) {
    const { nodes } = await this.spaces.tree(user, organizationId)
    return flattenSpaces(nodes)
  }

  /**
   * A site's page: its settings and published URL, its structure (sections, groups, site spaces)
   * as the user sees it, and for admins its share links and adaptive schema.
   */
  async detail(user: User, siteAccess: SiteAccess, canManage: boolean) {
    const present = new SitePresenter(user, siteAccess.access)
    const { site } = siteAccess
    const structure = await this.structure.load(db, site.id)
    await present.loadSpaces(structure.siteSpaces)
    const [links, schema] = await Promise.all([
      canManage ? this.shareLinks.list(siteAccess, { limit: SHARE_LINKS_SHOWN }) : null,
      this.schemas.get(siteAccess),
    ])
    const presented = present.structure(site, structure, this.structure.topLevel(structure))
    return siteDetailProps({
      site,
      url: present.baseUrl(site),
      structure: presented,
      shareLinks: links?.rows.map((link) => present.shareLink(site, link)) ?? null,
      shareLinkCount: links?.count ?? 0,
      adaptiveSchema: JSON.stringify(schema.jsonSchema, null, 2),
      previewUrl: (await this.published.previewUrl(site.id)) ?? present.baseUrl(site),
    })
  }

  /**
   * Moves a section or a group one place up or down among its siblings (the structure's sort);
   * at either end it stays.
   */
  async move(user: User, siteAccess: SiteAccess, item: Sibling, direction: SortDirection) {
    await this.change(user, siteAccess, async (trx) => {
      const structure = await this.structure.load(trx, siteAccess.site.id)
      const siblings = this.structure.siblingsOf(structure, item)
      const index = siblings.findIndex((s) => s.type === item.type && s.id === item.id)
      const neighbour = siblings[direction === 'up' ? index - 1 : index + 1]
      if (index === -1 || !neighbour) return
      const position: SiblingPosition =
        direction === 'up' ? { before: neighbour } : { after: neighbour }
      await this.structure.sortSiblings(trx, siteAccess.site.id, item, position)
    })
  }
}

function flattenSpaces(nodes: SpaceTreeNode[]): { id: string; title: string }[] {
  return nodes.flatMap((node) =>
    node.type === 'space' ? [{ id: node.id, title: node.title }] : flattenSpaces(node.children)
  )
}
