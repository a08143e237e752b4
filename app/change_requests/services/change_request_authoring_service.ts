import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { ConflictException, ForbiddenException } from '#core/exceptions/api_exceptions'
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
 * A writer's precondition: the page `pageId` (its title, emoji and document) is still as it was on
 * `revisionId`, the head they started editing it from; else the batch is a 409 and writes nothing.
 */
export interface PageUnchanged {
  revisionId: string
  pageId: string
}

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
    { pageUnchanged, ...options }: BatchOptions & { pageUnchanged?: PageUnchanged } = {}
  ): Promise<AuthoringResult & { changeRequest: ChangeRequestRecord }> {
    return db.transaction(async (trx) => {
      const current = await this.changeRequests.lockCurrent(trx, changeRequest)
      ForbiddenException.unlessAllowed(new ChangeRequestPolicy().author(user, access, current))
      const base = await this.authoring.workingCopy(trx, access.space.id, current.revisionId)
      if (pageUnchanged) await this.assertUnchanged(trx, base, pageUnchanged)
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
   * The page of `expected` is on the head as it was on the revision it was read from: same title,
   * emoji and document (moves and other pages' edits do not count).
   */
  private async assertUnchanged(
    trx: QueryClientContract,
    head: RevisionTree,
    expected: PageUnchanged
  ) {
    const now = head.byId.get(expected.pageId)?.node
    const opened =
      expected.revisionId === head.id
        ? head
        : await this.authoring
            .workingCopy(trx, head.spaceId, expected.revisionId)
            .catch(() => undefined)
    const then = opened?.byId.get(expected.pageId)?.node
    if (!now) {
      throw new ConflictException('This page was deleted from the change request meanwhile')
    }
    if (
      !then ||
      then.title !== now.title ||
      (then.emoji ?? null) !== (now.emoji ?? null) ||
      (then.document ?? null) !== (now.document ?? null)
    ) {
      throw new ConflictException(
        'Someone else saved this page since you opened it: your changes were not saved'
      )
    }
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
