import { inject } from '@adonisjs/core'
import drive from '@adonisjs/drive/services/main'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { chunks, WHERE_IN_CHUNK } from '#core/database/chunks'
import ContentStore from '#content/services/content_store'
import { blobKey } from '#content/services/authoring_service'
import ContentEvents from '#content/services/content_events'
import { factsKey } from '#content/services/document_facts'
import { documentJsonKey } from '#content/services/document_json'
import type { TreePage } from '#content/types'

/**
 * Copies and removes whole spaces' content (duplicate, purge). Only what the copied revision reaches
 * travels: its root, page nodes, documents, file list and file bytes, not the space's history.
 */
@inject()
export default class ContentCopyService {
  constructor(
    private store: ContentStore,
    private events: ContentEvents
  ) {}

  /**
   * Gives `toRevisionId` (an empty revision of the new space) the content of the source revision.
   */
  async copyRevision(
    trx: QueryClientContract,
    from: { spaceId: string; revisionId: string },
    to: { spaceId: string; revisionId: string; organizationId: string }
  ) {
    const revision = await trx.from('revisions').where('id', from.revisionId).select('root').first()
    if (!revision?.root) return
    const tree = await this.store.loadTree(trx, from.spaceId, from.revisionId)
    const hashes = new Set<string>([revision.root])
    if (tree.filesHash) hashes.add(tree.filesHash)
    const visit = (page: TreePage) => {
      hashes.add(page.hash)
      const document = page.node.document
      if (document) hashes.add(document).add(factsKey(document)).add(documentJsonKey(document))
      page.children.forEach(visit)
    }
    tree.pages.forEach(visit)
    for (const content of tree.reusableContents) hashes.add(content.document)
    for (const chunk of chunks([...hashes], WHERE_IN_CHUNK)) {
      await trx.rawQuery(
        `INSERT INTO content_objects (space_id, hash, kind, body)
         SELECT ?, hash, kind, body FROM content_objects WHERE space_id = ? AND hash IN (${chunk.map(() => '?').join(',')})`,
        [to.spaceId, from.spaceId, ...chunk]
      )
    }
    await trx.from('revisions').where('id', to.revisionId).update({ root: revision.root })
    // The copy holds the same pages under the same hashes: its tree is the source's, re-addressed.
    await this.events.revisionBecameCurrent(trx, to.organizationId, null, {
      ...tree,
      spaceId: to.spaceId,
      id: to.revisionId,
    })
    const disk = drive.use()
    for (const blob of new Set(tree.files.map((file) => file.blob))) {
      const target = blobKey(to.spaceId, blob)
      if (!(await disk.exists(target))) await disk.copy(blobKey(from.spaceId, blob), target)
    }
  }

  /** File bytes of purged spaces (their rows go with the space's foreign keys). */
  async removeFiles(spaceIds: string[]) {
    const disk = drive.use()
    for (const spaceId of spaceIds) await disk.deleteAll(`spaces/${spaceId}`)
  }
}
