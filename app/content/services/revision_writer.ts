import { inject } from '@adonisjs/core'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { newId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'
import { paceLoop } from '#core/event_loop'
import { parseMarkdown } from '#content/markdown/parse'
import type { PageNode, RevisionTree, TreePage } from '#content/types'
import ContentStore, {
  makeObject,
  type RootObject,
  type StoredObject,
} from '#content/services/content_store'
import type { WorkingTree, WorkPage } from '#content/services/working_tree'
import { factsObject, factsObjectOf } from '#content/services/document_facts'
import { documentJsonObject, documentJsonObjectOf } from '#content/services/document_json'
import { deriveStored } from '#content/services/page_derivation'
import { rememberSectionList } from '#content/search/sections'
import { PageIndex } from '#content/services/page_index'

export interface RevisionMeta {
  parents: string[]
  type: RevisionTree['type']
  createdById: string | null
  changeRequestId: string | null
}

export interface WrittenRevision {
  tree: RevisionTree
  /** Rows written: new objects and the revision itself. */
  rowsWritten: number
}

/** A page node written anew, as stored (parsed back from its JSON, as a load would give it). */
interface WrittenNode {
  hash: string
  node: PageNode
}

/**
 * Writes a working tree as a new immutable revision: the nodes of touched pages (with their new
 * documents, each document's link facts and JSON document), the file list when it changed, the
 * root, and the revision row. Untouched subtrees keep their stored hashes, and the new revision's
 * tree shares their pages with the base's: writing costs the pages that changed, not the space.
 */
@inject()
export default class RevisionWriter {
  constructor(private store: ContentStore) {}

  async write(
    trx: QueryClientContract,
    working: WorkingTree,
    meta: RevisionMeta
  ): Promise<WrittenRevision> {
    const spaceId = working.base.spaceId
    await deriveLongDocuments(working)
    const objects: StoredObject[] = []
    const written = new Map<WorkPage, WrittenNode>()
    // Depth first, children before their parent (a node names its children's hashes); a whole
    // imported site is thousands of pages, so other requests get turns meanwhile.
    const hashOf = async (page: WorkPage): Promise<string> => {
      if (!page.touched && page.originalHash) return page.originalHash
      await paceLoop()
      const children: string[] = []
      for (const child of page.children) children.push(await hashOf(child))
      const node: PageNode = { ...page.fields, children }
      if (page.markdown !== undefined) {
        const document = makeObject('document', page.markdown)
        if (page.derived) {
          rememberSectionList(document.hash, page.derived.sections)
          objects.push(
            document,
            factsObjectOf(document.hash, page.derived.facts),
            documentJsonObjectOf(document.hash, page.derived.json)
          )
        } else {
          // One parse of the markdown gives both derived objects (the batch's own, when it has one).
          const parsed = page.parsed ?? parseMarkdown(page.markdown)
          objects.push(
            document,
            factsObject(document.hash, page.markdown, parsed),
            documentJsonObject(document.hash, page.markdown, parsed)
          )
        }
        node.document = document.hash
      }
      const object = makeObject('page', node)
      objects.push(object)
      written.set(page, { hash: object.hash, node: JSON.parse(object.body) as PageNode })
      return object.hash
    }
    const pages: string[] = []
    for (const page of working.roots) pages.push(await hashOf(page))
    let files = working.base.filesHash
    if (working.filesChanged) {
      const list = makeObject('files', working.files)
      objects.push(list)
      files = list.hash
    }
    const root: RootObject = {
      pages,
      files,
      reusableContents: working.reusableContents,
      variables: working.variables,
    }
    const rootObject = makeObject('root', root)
    objects.push(rootObject)
    await this.store.writeObjects(trx, spaceId, objects)
    await this.store.prime(spaceId, objects)

    const createdAt = new Date()
    const id = newId()
    await trx.table('revisions').insert({
      id,
      space_id: spaceId,
      parent_id: meta.parents[0] ?? null,
      parents: JSON.stringify(meta.parents),
      type: meta.type,
      root: rootObject.hash,
      created_at: toSqlTimestamp(createdAt),
      created_by_id: meta.createdById,
      change_request_id: meta.changeRequestId,
    })
    const tree: RevisionTree = {
      id,
      spaceId,
      parents: meta.parents,
      type: meta.type,
      createdAt: createdAt.toISOString(),
      ...derivedPages(working, written),
      files: working.filesChanged ? working.files : working.base.files,
      filesHash: files,
      reusableContents: root.reusableContents,
      variables: root.variables,
    }
    this.store.remember(tree)
    return { tree, rowsWritten: new Set(objects.map((object) => object.hash)).size + 1 }
  }
}

/**
 * The written revision's pages, derived from the base's: a page the batch left untouched keeps
 * the base's TreePage (and its whole subtree, which is unchanged too) unless its path changed with
 * an ancestor's; touched pages get new ones. The id index is the base's with a layer of the pages
 * that changed (PageIndex): nothing is copied for the pages that did not.
 */
function derivedPages(
  working: WorkingTree,
  written: Map<WorkPage, WrittenNode>
): Pick<RevisionTree, 'pages' | 'byId'> {
  const base = working.base
  const changed = new Map<string, TreePage>()

  const moved = (page: TreePage, parent: TreePage | null): TreePage => {
    const copy: TreePage = {
      node: page.node,
      hash: page.hash,
      path: parent ? `${parent.path}/${page.node.slug}` : page.node.slug,
      parentId: parent ? parent.node.id : null,
      children: [],
    }
    copy.children = page.children.map((child) => moved(child, copy))
    changed.set(page.node.id, copy)
    return copy
  }
  const derive = (page: WorkPage, parent: TreePage | null): TreePage => {
    const entry = written.get(page)
    if (!entry) {
      const before = base.byId.get(page.fields.id)!
      const path = parent ? `${parent.path}/${before.node.slug}` : before.node.slug
      return before.path === path ? before : moved(before, parent)
    }
    const derived: TreePage = {
      node: entry.node,
      hash: entry.hash,
      path: parent ? `${parent.path}/${entry.node.slug}` : entry.node.slug,
      parentId: parent ? parent.node.id : null,
      children: [],
    }
    derived.children = page.children.map((child) => derive(child, derived))
    changed.set(entry.node.id, derived)
    return derived
  }
  const pages = working.roots.map((page) => derive(page, null))
  const byId =
    base.byId instanceof PageIndex
      ? base.byId.derive(pages, changed, working.removedIds())
      : PageIndex.of(pages)
  return { pages, byId }
}

/**
 * Long documents the write made itself (a merge's result, rewritten links) and nothing parsed yet
 * are derived in worker threads before the revision is hashed, so writing it parses none of them
 * on the event loop.
 */
async function deriveLongDocuments(working: WorkingTree) {
  const pending: WorkPage[] = []
  const visit = (pages: WorkPage[]) => {
    for (const page of pages) {
      if (!page.touched) continue
      if (page.markdown !== undefined && !page.parsed && !page.derived) pending.push(page)
      visit(page.children)
    }
  }
  visit(working.roots)
  await Promise.all(
    pending.map(async (page) => {
      page.derived = await deriveStored(page.markdown!)
    })
  )
}
