import { inject } from '@adonisjs/core'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { newId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { PageNode, RevisionTree } from '#content/types'
import ContentStore, {
  makeObject,
  type RootObject,
  type StoredObject,
} from '#content/services/content_store'
import type { WorkingTree, WorkPage } from '#content/services/working_tree'
import { factsObject } from '#content/services/document_facts'

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

/**
 * Writes a working tree as a new immutable revision: the nodes of touched pages (and their new
 * documents), the file list when it changed, the root, and the revision row. Untouched subtrees
 * keep their stored hashes.
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
    const objects: StoredObject[] = []
    const hashOf = (page: WorkPage): string => {
      if (!page.touched && page.originalHash) return page.originalHash
      const node: PageNode = { ...page.fields, children: page.children.map(hashOf) }
      if (page.markdown !== undefined) {
        const document = makeObject('document', page.markdown)
        objects.push(document, factsObject(document.hash, page.markdown))
        node.document = document.hash
      }
      const object = makeObject('page', node)
      objects.push(object)
      return object.hash
    }
    const pages = working.roots.map(hashOf)
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
    this.store.prime(spaceId, objects)

    const createdAt = new Date()
    const id = newId()
    await trx.table('revisions').insert({
      id,
      space_id: spaceId,
      parent_id: meta.parents[0] ?? null,
      parents: JSON.stringify(meta.parents),
      type: meta.type,
      root: rootObject.hash,
      created_by_id: meta.createdById,
      change_request_id: meta.changeRequestId,
      created_at: toSqlTimestamp(createdAt),
    })
    const tree = await this.store.buildTree(trx, spaceId, root, {
      id,
      parents: meta.parents,
      type: meta.type,
      createdAt: createdAt.toISOString(),
    })
    this.store.remember(tree)
    return { tree, rowsWritten: new Set(objects.map((object) => object.hash)).size + 1 }
  }
}
