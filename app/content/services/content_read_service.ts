import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { SpaceAccess } from '#spaces/records'
import ChangeRequestService from '#change_requests/services/change_request_service'
import type { ChangeRequestRecord } from '#change_requests/records'
import ContentStore from '#content/services/content_store'
import type { FileEntry, ReusableContentEntry, RevisionTree, TreePage } from '#content/types'

/**
 * What a content read points at: the space's current revision, a change request's head, or any
 * revision of the space.
 */
export type ReadTarget =
  | { kind: 'space' }
  | { kind: 'change-request'; changeRequest: string }
  | { kind: 'revision'; revision: string }

export interface ResolvedRead {
  access: SpaceAccess
  tree: RevisionTree
  /** The change request of a `change-request` target. */
  changeRequest?: ChangeRequestRecord
}

/** The target named by route parameters: `changeRequestId`, `revisionId`, or neither (the space). */
export function targetOf(params: Record<string, unknown>): ReadTarget {
  if (typeof params.changeRequestId === 'string')
    return { kind: 'change-request', changeRequest: params.changeRequestId }
  if (typeof params.revisionId === 'string')
    return { kind: 'revision', revision: params.revisionId }
  return { kind: 'space' }
}

const pathIndexes = new WeakMap<RevisionTree, Map<string, TreePage>>()

/**
 * Resolves the revision a content read is about, for a caller who may read the space (404 otherwise,
 * as for an unknown space), and looks things up in it. Revisions are immutable and cached by the
 * store, so a read is the access check, at most one change-request query, and the cached tree.
 */
@inject()
export default class ContentReadService {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService,
    private store: ContentStore
  ) {}

  async resolve(userId: string, spaceId: string, target: ReadTarget): Promise<ResolvedRead> {
    const client = db.connection()
    if (target.kind === 'change-request') {
      const { access, changeRequest } = await this.changeRequests.forCaller(
        userId,
        spaceId,
        target.changeRequest
      )
      return {
        access,
        changeRequest,
        tree: await this.store.loadTree(client, access.space.id, changeRequest.revisionId),
      }
    }
    const access = await this.access.spaceFor(userId, spaceId)
    const revisionId = target.kind === 'revision' ? target.revision : access.space.revisionId
    return { access, tree: await this.store.loadTree(client, access.space.id, revisionId) }
  }

  page(tree: RevisionTree, pageId: string): TreePage {
    const page = tree.byId.get(pageId)
    if (!page) throw NotFoundException.resource('page', pageId)
    return page
  }

  /** The document or group page at a slash path (`guides/intro`); links have no path of their own. */
  pageByPath(tree: RevisionTree, path: string): TreePage {
    let index = pathIndexes.get(tree)
    if (!index) {
      index = new Map()
      for (const page of tree.byId.values()) {
        if (page.node.type !== 'link' && !index.has(page.path)) index.set(page.path, page)
      }
      pathIndexes.set(tree, index)
    }
    const normalized = path.replace(/^\/+|\/+$/g, '')
    const page = index.get(normalized)
    if (!page)
      throw new NotFoundException(`No page at path "${normalized.slice(0, 200)}" could be found`)
    return page
  }

  file(tree: RevisionTree, fileId: string): FileEntry {
    const file = tree.files.find((candidate) => candidate.id === fileId)
    if (!file) throw NotFoundException.resource('file', fileId)
    return file
  }

  reusableContent(tree: RevisionTree, id: string): ReusableContentEntry {
    const found = tree.reusableContents.find((candidate) => candidate.id === id)
    if (!found) throw NotFoundException.resource('reusable content', id)
    return found
  }

  /** Markdown body of a document page ('' for a page without a document). */
  async markdownOf(tree: RevisionTree, page: TreePage): Promise<string> {
    if (!page.node.document) return ''
    return this.store.readDocument(db.connection(), tree.spaceId, page.node.document)
  }

  /** The change request merged by a `merge` revision (GitBook's `mergedFrom`). */
  async mergedFrom(
    client: QueryClientContract,
    tree: RevisionTree
  ): Promise<ChangeRequestRecord | undefined> {
    if (tree.type !== 'merge') return undefined
    const row = await client
      .from('change_requests')
      .where('space_id', tree.spaceId)
      .where('revision_merged_id', tree.id)
      .select('id')
      .first()
    return row ? this.changeRequests.find(client, tree.spaceId, row.id) : undefined
  }
}
