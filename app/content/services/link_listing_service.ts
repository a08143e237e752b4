import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { listEnvelope, type ListEnvelope, type ListQuery } from '#core/http/pagination'
import type { SpaceAccess } from '#spaces/records'
import { ContentBranches, type BranchTarget } from '#content/contracts/content_branches'
import LinkAnalysis, {
  decodeRevisionCursor,
  pageAfter,
  type AnalyzedLink,
  type LinkStats,
  type LinkStatus,
  type RevisionLinks,
  type TargetReference,
} from '#content/services/link_analysis'

/**
 * A link of a listing: one item per link occurrence, located on the page that holds it.
 */
export interface LinkListingItem {
  status: LinkStatus
  relation: 'reference' | 'embed'
  targetReference: TargetReference
  locationReferences: { kind: 'page'; page: string }[]
}

export interface BacklinkItem {
  kind: 'page'
  organization: string
  space: string
  versionContext: { type: 'revision'; revision: string }
  page: string
  file: string
}

export interface LinkListingInput extends ListQuery {
  branch?: BranchTarget
  pageId?: string
  status?: LinkStatus
}

export interface BacklinksInput extends ListQuery {
  branch?: BranchTarget
  fileId: string
}

function serializeLink(link: AnalyzedLink): LinkListingItem {
  return {
    status: link.status,
    relation: link.relation,
    targetReference: link.target,
    locationReferences: [{ kind: 'page', page: link.pageId }],
  }
}

/**
 * Link listings of a space's current revision or of a branch's head (a change request's, resolved
 * by the change requests domain): links of the whole revision or of one page, with broken-link
 * statistics, and the backlinks of a file.
 */
@inject()
export default class LinkListingService {
  constructor(
    private analysis: LinkAnalysis,
    private branches: ContentBranches
  ) {}

  async listLinks(
    access: SpaceAccess,
    input: LinkListingInput
  ): Promise<ListEnvelope<LinkListingItem> & { stats: LinkStats }> {
    const client = db.connection()
    const spaceId = access.space.id
    const { analysis, after } = await this.revisionOf(access, input)
    let links = analysis.links
    if (input.pageId !== undefined) {
      const tree = await this.analysisTree(spaceId, analysis.revisionId)
      if (!tree.byId.has(input.pageId)) throw NotFoundException.resource('page', input.pageId)
      links = analysis.byPage.get(input.pageId) ?? []
    }
    const stats: LinkStats = {
      total: links.length,
      broken: {
        total: links.filter((link) => link.status === 'broken').length,
        changeRequest: input.branch
          ? await this.analysis.brokenIntroducedBy(
              client,
              spaceId,
              { headRevisionId: analysis.revisionId, baseRevisionId: input.branch.baseRevisionId },
              input.pageId
            )
          : await this.brokenByPendingBranches(spaceId, input.pageId),
      },
    }
    const filtered = input.status ? links.filter((link) => link.status === input.status) : links
    const page = pageAfter(filtered, (link) => link.index, analysis.revisionId, {
      after,
      limit: input.limit,
    })
    return { ...listEnvelope(page.items.map(serializeLink), filtered.length, page.next), stats }
  }

  async listBacklinks(
    access: SpaceAccess,
    input: BacklinksInput
  ): Promise<ListEnvelope<BacklinkItem>> {
    const { analysis, after } = await this.revisionOf(access, input)
    const tree = await this.analysisTree(access.space.id, analysis.revisionId)
    if (!tree.files.some((file) => file.id === input.fileId))
      throw NotFoundException.resource('file', input.fileId)
    const pages = analysis.fileBacklinks.get(input.fileId) ?? []
    const order = new Map(pages.map((pageId, position) => [pageId, position]))
    const page = pageAfter(pages, (pageId) => order.get(pageId)!, analysis.revisionId, {
      after,
      limit: input.limit,
    })
    return listEnvelope(
      page.items.map((pageId) => ({
        kind: 'page' as const,
        organization: access.space.organizationId,
        space: access.space.id,
        versionContext: { type: 'revision' as const, revision: analysis.revisionId },
        page: pageId,
        file: input.fileId,
      })),
      pages.length,
      page.next
    )
  }

  /** Sum over the space's pending branches of the broken links each would introduce. */
  private async brokenByPendingBranches(spaceId: string, pageId?: string): Promise<number> {
    const client = db.connection()
    let total = 0
    for (const branch of await this.branches.pending(client, spaceId)) {
      total += await this.analysis.brokenIntroducedBy(client, spaceId, branch, pageId)
    }
    return total
  }

  /**
   * The revision listed: the branch's head or the space's current revision, unless a cursor pins
   * the revision its first page was listed from.
   */
  private async revisionOf(
    access: SpaceAccess,
    input: ListQuery & { branch?: BranchTarget }
  ): Promise<{ analysis: RevisionLinks; after?: number }> {
    const client = db.connection()
    const cursor = input.page ? decodeRevisionCursor(input.page) : undefined
    const revisionId = cursor?.revisionId ?? input.branch?.headRevisionId ?? access.space.revisionId
    try {
      return {
        analysis: await this.analysis.analyze(client, access.space.id, revisionId),
        after: cursor?.index,
      }
    } catch (error) {
      if (cursor && error instanceof NotFoundException) {
        throw BadRequestException.invalid({
          field: 'page',
          message: `"${input.page!.slice(0, 64)}" is not a valid page cursor`,
        })
      }
      throw error
    }
  }

  private analysisTree(spaceId: string, revisionId: string) {
    return this.analysis.tree(db.connection(), spaceId, revisionId)
  }
}
