import { inject } from '@adonisjs/core'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import OrganizationService from '#organizations/services/organization_service'
import ContentReadService from '#content/services/content_read_service'
import ChangeRequestReadService, {
  targetOf,
  type ChangeRequestReadTarget as ReadTarget,
  type ChangeRequestRead as ResolvedRead,
} from '#change_requests/services/change_request_read_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import {
  CHANGE_REQUEST_STATUSES,
  type ChangeRequestRecord,
  type ChangeRequestStatus,
} from '#change_requests/records'
import { serializeFile } from '#content/serializers/file_serializer'
import { classifyTarget } from '#content/markdown/links'
import ContentStore from '#content/services/content_store'
import { readFacts } from '#content/services/document_facts'
import type { RevisionTree, TreePage } from '#content/types'
import type { SpaceAccess } from '#spaces/records'
import { organizationHeader } from '#console/serializers/administration_props'
import PublishedLinksService from '#sites/services/published_links_service'
import { shownEmoji } from '#console/serializers/emoji'
import ConsolePageHtmlService, {
  consolePageUrl,
  type ConsoleContentView,
} from '#console/services/console_page_html_service'

/**
 * A page of a revision's tree in the console (every page type), nested; `href` is its console page
 * on the revision it was read on (the space's current one, a change request's head or a revision).
 */
export type ContentTreeNode = {
  id: string
  title: string
  type: 'document' | 'group' | 'link'
  emoji: string | null
  path: string
  hidden: boolean
  href: string
  children: ContentTreeNode[]
}

type ContentFileProps = {
  id: string
  name: string
  contentType: string
  size: number
  downloadURL: string
}

/**
 * CHANGE_REQUESTS_SHOWN change requests of each status are listed on a space's page.
 */
const CHANGE_REQUESTS_SHOWN = 50

/**
 * Console URLs of content, the same as the API's `urls.app` (revision, change request and search
 * serializers), from the console's named routes.
 */
export const contentUrls = {
  space: (spaceId: string) => router.makeUrl('console.spaces.show', { spaceId }),
  changeRequest: (spaceId: string, changeRequestId: string) =>
    router.makeUrl('console.change_requests.show', { spaceId, changeRequestId }),
  revision: (spaceId: string, revisionId: string) =>
    router.makeUrl('console.revisions.show', { spaceId, revisionId }),
}

/**
 * What the console's content pages read, through the content domain's read service (the same
 * access checks and 404s as the API's content reads): page trees of a revision, one page with its
 * markdown and files, the change requests of a space.
 */
@inject()
export default class ConsoleContentService {
  constructor(
    private reads: ContentReadService,
    private changeRequestReads: ChangeRequestReadService,
    private changeRequests: ChangeRequestService,
    private organizations: OrganizationService,
    private store: ContentStore,
    private published: PublishedLinksService,
    private html: ConsolePageHtmlService
  ) {}

  /**
   * The revision a console URL is about (404 when the space, change request or revision is not
   * visible), with the organization header of its pages; `view` names it for the URLs of its
   * pages and files.
   */
  async resolve(user: User, params: Record<string, string>) {
    const target = targetOf(params)
    const read = await this.changeRequestReads.resolve(user.id, params.spaceId, target)
    const organization = await this.organizations.accessFor(user, read.access.space.organizationId)
    const { routeParams, ...on } = targetProps(read, target)
    const view: ConsoleContentView = { kind: on.kind, routeParams }
    return {
      read,
      view,
      organization: organizationHeader(user, organization),
      space: contentSpace(read.access),
      target: on,
      tree: contentTree(read.tree, on.kind, routeParams),
    }
  }

  /**
   * One page of the resolved revision (404 when it has no such page): its markdown as stored, the
   * same rendered as sanitized HTML with its links and files pointing into the console's `view`
   * (ConsolePageHtmlService), its headings, and the revision's files it refers to (their download
   * URLs handed to `viewerId`).
   */
  async page(read: ResolvedRead, view: ConsoleContentView, pageId: string, viewerId: string) {
    const page = this.reads.page(read.tree, pageId)
    const markdown = await this.reads.markdownOf(read.tree, page)
    const rendered = await this.html.render(read.access.space.organizationId, markdown, {
      tree: read.tree,
      page,
      view,
    })
    return {
      ...pageHeading(page),
      description: page.node.description ?? null,
      href: page.node.type === 'link' ? (page.node.href ?? null) : null,
      markdown,
      html: rendered.html,
      headings: rendered.headings,
      files: await this.filesOf(read.tree, page, viewerId),
      // Sites publish the space's current revision only.
      publishedAt:
        !read.branch && read.tree.id === read.access.space.revisionId
          ? await this.published.pageUrls(read.tree.spaceId, page.node.id)
          : [],
    }
  }

  /**
   * A file of the revision a console URL is about (`:fileId`; 404 when the revision is not
   * visible or has no such file): what the console's file route serves.
   */
  async file(user: User, params: Record<string, string>) {
    const read = await this.changeRequestReads.resolve(user.id, params.spaceId, targetOf(params))
    return { spaceId: read.tree.spaceId, file: this.reads.file(read.tree, params.fileId) }
  }

  /**
   * The revision's files the page links to or embeds, once each, in document order: from the
   * document's stored link facts, classified as link analysis does.
   */
  private async filesOf(
    tree: RevisionTree,
    page: TreePage,
    viewerId: string
  ): Promise<ContentFileProps[]> {
    const documentHash = page.node.document
    if (!documentHash || tree.files.length === 0) return []
    const facts = await readFacts(this.store, db.connection(), tree.spaceId, [documentHash])
    const byId = new Map(tree.files.map((file) => [file.id, file]))
    const files = new Map<string, ContentFileProps>()
    for (const link of facts.get(documentHash)?.links ?? []) {
      const target = classifyTarget(link.url)
      const file = target.type === 'file' ? byId.get(target.fileId) : undefined
      if (!file || files.has(file.id)) continue
      const { id, name, contentType, size, downloadURL } = serializeFile(tree, file, viewerId)
      files.set(id, { id, name, contentType, size, downloadURL })
    }
    return [...files.values()]
  }

  /**
   * The space's change requests of `status` (every status when none), newest first, and how many
   * there are of each status.
   */
  async changeRequestsOf(access: SpaceAccess, status?: ChangeRequestStatus) {
    const all: ChangeRequestRecord[] = []
    const counts = {} as Record<ChangeRequestStatus, number>
    // One status at a time: SQLite's single connection serves these in turn anyway.
    for (const each of CHANGE_REQUEST_STATUSES) {
      const page = await this.changeRequests.list(access.space.id, {
        status: each,
        limit: status === undefined || status === each ? CHANGE_REQUESTS_SHOWN : 1,
      })
      counts[each] = page.count
      if (status === undefined || status === each) all.push(...page.items)
    }
    return {
      changeRequests: all.sort((a, b) => b.number - a.number).map(changeRequestSummary),
      changeRequestCounts: counts,
      changeRequestStatus: status ?? null,
    }
  }
}

export function contentSpace({ space }: SpaceAccess) {
  return { id: space.id, title: space.title, emoji: shownEmoji(space.emoji) }
}

/**
 * The console URL of the revision tree a read is on, and how its pages' URLs are built.
 */
export function targetProps(read: ResolvedRead, target: ReadTarget) {
  const spaceId = read.tree.spaceId
  const common = { revisionId: read.tree.id }
  if (read.changeRequest) {
    const changeRequestId = read.changeRequest.id
    return {
      kind: 'change-request' as const,
      url: contentUrls.changeRequest(spaceId, changeRequestId),
      ...common,
      number: read.changeRequest.number,
      subject: read.changeRequest.subject ?? '',
      routeParams: { spaceId, changeRequestId },
    }
  }
  if (target.kind === 'space') {
    return {
      kind: 'space' as const,
      url: contentUrls.space(spaceId),
      ...common,
      routeParams: { spaceId },
    }
  }
  return {
    kind: 'revision' as const,
    url: contentUrls.revision(spaceId, read.tree.id),
    ...common,
    routeParams: { spaceId, revisionId: read.tree.id },
  }
}

/**
 * The page tree of a revision, nested in order, each page linking to its console page on the
 * revision of `kind` (`routeParams` name it).
 */
export function contentTree(
  tree: RevisionTree,
  kind: ReadTarget['kind'],
  routeParams: Record<string, string | undefined>
): ContentTreeNode[] {
  const node = (page: TreePage): ContentTreeNode => ({
    ...pageHeading(page),
    hidden: page.node.hidden ?? false,
    href: consolePageUrl({ kind, routeParams }, page.node.id),
    children: page.children.map(node),
  })
  return tree.pages.map(node)
}

/**
 * What the page tree and a page's view both show of a page: its id, title, type, emoji and path.
 */
function pageHeading({ node, path }: TreePage) {
  return { id: node.id, title: node.title, type: node.type, emoji: shownEmoji(node.emoji), path }
}

export function changeRequestSummary(changeRequest: ChangeRequestRecord) {
  return {
    id: changeRequest.id,
    number: changeRequest.number,
    subject: changeRequest.subject ?? '',
    status: changeRequest.status,
    author: changeRequest.createdBy
      ? changeRequest.createdBy.displayName || changeRequest.createdBy.email
      : null,
    createdAt: changeRequest.createdAt.toISO()!,
    updatedAt: changeRequest.updatedAt.toISO()!,
    url: contentUrls.changeRequest(changeRequest.spaceId, changeRequest.id),
  }
}
