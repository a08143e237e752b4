import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { SpaceContent } from '#spaces/contracts/space_content'
import ContentCopyService from '#content/services/content_copy_service'
import SearchIndexService from '#content/search/search_index_service'

/**
 * The content domain's side of the spaces' SpaceContent contract (bound by the content provider):
 * duplicates copy the revision, transfers move the search rows, purges remove the file bytes.
 */
@inject()
export default class SpaceContentService extends SpaceContent {
  constructor(
    private copies: ContentCopyService,
    private search: SearchIndexService
  ) {
    super()
  }

  copyRevision(
    trx: TransactionClientContract,
    from: { spaceId: string; revisionId: string },
    to: { spaceId: string; revisionId: string; organizationId: string }
  ) {
    return this.copies.copyRevision(trx, from, to)
  }

  spacesMoved(trx: TransactionClientContract, spaceIds: string[], organizationId: string) {
    return this.search.moveSpaces(trx, spaceIds, organizationId)
  }

  spacesPurged(spaceIds: string[]) {
    return this.copies.removeFiles(spaceIds)
  }
}
