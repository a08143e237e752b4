import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ContentStore from '#content/services/content_store'
import type { PageNode, RevisionTree, TreePage } from '#content/types'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'

export type PageChangeKind = 'added' | 'changed' | 'moved' | 'deleted'

/**
 * One page a change request touches, between its base (the space revision it branches from) and
 * its head: `added`, `deleted`, `changed` (its document or metadata; `moved` too when it also
 * moved) or only `moved` (another parent or another place among its siblings). The markdown of
 * both sides is given for document pages ('' on the side where the page does not exist).
 */
export interface PageChange {
  pageId: string
  kind: PageChangeKind
  moved: boolean
  title: string
  emoji: string | null
  path: string
  /** The page's path on the base side when it differs (renamed or moved). */
  previousPath: string | null
  /** True when an update from the space left this page in conflict and it still is. */
  conflict: boolean
  base: string
  head: string
}

/** What a page's node holds of its own (not its children, not its timestamps). */
function ownContent({ children: _children, createdAt: _c, updatedAt: _u, ...own }: PageNode) {
  return JSON.stringify(own, Object.keys(own).sort())
}

function position(tree: RevisionTree, page: TreePage) {
  const siblings = page.parentId ? tree.byId.get(page.parentId)!.children : tree.pages
  return siblings.indexOf(page)
}

/**
 * The page-level changes of a change request (GitBook's revision "changes": pages created, edited,
 * moved, deleted), in the head's tree order, deleted pages last.
 */
@inject()
export default class ChangeRequestChangesService {
  constructor(private store: ContentStore) {}

  async pageChanges(changeRequest: ChangeRequestRecord): Promise<PageChange[]> {
    const client = db.connection()
    const spaceId = changeRequest.spaceId
    const base = await this.store.loadTree(client, spaceId, changeRequestBase(changeRequest))
    const head = await this.store.loadTree(client, spaceId, changeRequest.revisionId)
    if (base.id === head.id) return []
    const conflicts = new Set(changeRequest.conflicts.map((page) => page.id))

    const found: { page: TreePage; before?: TreePage; kind: PageChangeKind; moved: boolean }[] = []
    for (const page of head.byId.values()) {
      const before = base.byId.get(page.node.id)
      if (!before) {
        found.push({ page, kind: 'added', moved: false })
        continue
      }
      if (before.hash === page.hash) continue
      const moved =
        before.parentId !== page.parentId || position(base, before) !== position(head, page)
      const changed = ownContent(before.node) !== ownContent(page.node)
      if (changed || moved) found.push({ page, before, kind: changed ? 'changed' : 'moved', moved })
    }
    for (const before of base.byId.values()) {
      if (!head.byId.has(before.node.id))
        found.push({ page: before, before, kind: 'deleted', moved: false })
    }

    const hashes = found.flatMap(({ page, before }) =>
      [page.node.document, before?.node.document].filter((hash): hash is string => !!hash)
    )
    const documents = await this.store.readDocuments(client, spaceId, hashes)
    const markdown = (page?: TreePage) =>
      page?.node.document ? (documents.get(page.node.document) ?? '') : ''

    return found.map(({ page, before, kind, moved }) => ({
      pageId: page.node.id,
      kind,
      moved,
      title: page.node.title,
      emoji: page.node.emoji ?? null,
      path: page.path,
      previousPath: before && before.path !== page.path ? before.path : null,
      conflict: conflicts.has(page.node.id),
      base: kind === 'added' ? '' : markdown(before),
      head: kind === 'deleted' ? '' : markdown(page),
    }))
  }
}
