import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import type { ContentChange } from '#content/changes'
import type { RevisionTree } from '#content/types'
import AuthoringService, {
  type AuthoringResult,
  type BatchOptions,
} from '#content/services/authoring_service'
import { changeRequestBase, type ChangeRequestRecord } from '#change_requests/records'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ChangeRequestService from '#change_requests/services/change_request_service'

/**
 * Authoring batches on a change request: applied by the content domain onto the change request's
 * head as one new revision, which becomes the head. One transaction per batch: a rejected change
 * writes nothing.
 */
@inject()
export default class ChangeRequestAuthoringService {
  constructor(
    private authoring: AuthoringService,
    private changeRequests: ChangeRequestService
  ) {}

  /**
   * `changeRequest` is the record the request read (and authorized) once. Under the row lock, which
   * serializes batches on one change request so that none is applied on a stale head, only what may
   * have moved meanwhile is read again: the status (checked again: it may have been merged or
   * archived since) and the head, base and listed conflicts the batch builds on.
   */
  async apply(
    user: User,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    changes: ContentChange[],
    options: BatchOptions = {}
  ): Promise<AuthoringResult & { changeRequest: ChangeRequestRecord }> {
    return db.transaction(async (trx) => {
      const current = await this.changeRequests.lockCurrent(trx, changeRequest)
      ForbiddenException.unlessAllowed(new ChangeRequestPolicy().author(user, access, current))
      const base = await this.authoring.workingCopy(trx, access.space.id, current.revisionId)
      const result = await this.authoring.applyOnto(trx, base, changes, {
        ...options,
        type: 'edits',
        createdById: user.id,
        baseRevisionId: changeRequestBase(current),
        changeRequestId: current.id,
      })
      const conflictPageIds = await this.remainingConflicts(trx, current, base, result.revision)
      const updatedAt = await this.changeRequests.advance(
        trx,
        current,
        result.revision.id,
        user.id,
        { conflictPageIds }
      )
      await options.onApplied?.(trx, result)
      return {
        ...result,
        changeRequest: this.changeRequests.advanced(current, result.revision, {
          updatedAt,
          conflictPageIds,
        }),
      }
    })
  }

  /**
   * Pages an update left in conflict leave the list once a batch deleted them or edited them so
   * their document holds no conflict markers. Pages the batch did not touch are not read.
   * Undefined: the list stays as it is.
   */
  private async remainingConflicts(
    trx: QueryClientContract,
    changeRequest: ChangeRequestRecord,
    before: RevisionTree,
    after: RevisionTree
  ): Promise<string[] | undefined> {
    const listed = changeRequest.conflictPageIds
    if (listed.length === 0) return undefined
    const edited = new Set(
      listed.filter((id) => {
        const page = after.byId.get(id)
        return page !== undefined && page.hash !== before.byId.get(id)?.hash
      })
    )
    const marked = await this.changeRequests.pagesWithMarkers(trx, after, [...edited])
    const remaining = listed.filter(
      (id) => after.byId.has(id) && (!edited.has(id) || marked.has(id))
    )
    return remaining.length !== listed.length ? remaining : undefined
  }
}
