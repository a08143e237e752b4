import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import type { SpaceAccess } from '#spaces/records'
import { ContentBranches, type BranchResolver } from '#content/contracts/content_branches'
import type { RevisionTree } from '#content/types'
import { changeRequestBase } from '#change_requests/records'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { branchOf } from '#change_requests/services/change_request_read_service'
import { presentChangeRequest } from '#change_requests/services/change_request_presenter'

/** Change request statuses whose broken links count on the space's `broken.changeRequest`. */
const PENDING_STATUSES = ['open', 'draft']

/**
 * The change requests' side of the content domain's ContentBranches contract (bound by the change
 * requests provider): content routes under `.../change-requests/{changeRequestId}` read its head.
 */
@inject()
export default class ContentBranchesService extends ContentBranches {
  readonly resolvers: ReadonlyMap<string, BranchResolver>

  constructor(private changeRequests: ChangeRequestService) {
    super()
    this.resolvers = new Map([
      [
        'changeRequestId',
        async (access: SpaceAccess, idOrNumber: string) =>
          branchOf(await this.changeRequests.find(db.connection(), access.space.id, idOrNumber)),
      ],
    ])
  }

  async pending(client: QueryClientContract, spaceId: string) {
    const rows = await client
      .from('change_requests')
      .where('space_id', spaceId)
      .whereIn('status', PENDING_STATUSES)
      .select('revision_id', 'revision_initial_id', 'revision_merged_ancestor_id')
    return rows.map((row) => ({
      headRevisionId: row.revision_id as string,
      baseRevisionId: changeRequestBase({
        revisionInitialId: row.revision_initial_id,
        revisionMergedAncestorId: row.revision_merged_ancestor_id,
      }),
    }))
  }

  /** The change request merged by a `merge` revision (GitBook's `mergedFrom`), presented. */
  async mergedFrom(
    client: QueryClientContract,
    tree: RevisionTree,
    access: SpaceAccess,
    caller: User
  ) {
    if (tree.type !== 'merge') return undefined
    const row = await client
      .from('change_requests')
      .where('space_id', tree.spaceId)
      .where('revision_merged_id', tree.id)
      .select('id')
      .first()
    if (!row) return undefined
    const merged = await this.changeRequests.find(client, tree.spaceId, row.id)
    return presentChangeRequest(merged, access, caller)
  }
}
