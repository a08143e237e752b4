import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { toSqlTimestamp } from '#core/database/timestamps'
import {
  BadRequestException,
  ForbiddenException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId } from '#core/ids'
import type { SpaceAccess } from '#spaces/records'
import SpaceAccessService from '#spaces/services/space_access_service'
import { affectedRows } from '#spaces/sql'
import type { ChangeRequestRecord } from '#change_requests/records'
import {
  REQUESTED_REVIEWER_COLUMNS,
  requestedReviewerFromRow,
  type RequestedReviewerRecord,
} from '#change_requests/review_records'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'

export interface RequestReviewersInput {
  users: string[]
  subject?: string
}

/**
 * Users asked to review a change request. Each is a member of the space's organization who can read
 * the space; asking again refreshes the request (requester, head revision, time). Submitting a review
 * takes the reviewer off the list (ReviewService).
 */
@inject()
export default class RequestedReviewerService {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService
  ) {}

  async list(changeRequest: ChangeRequestRecord, query: ListQuery) {
    const page = await paginate<Record<string, any>>(
      this.baseQuery(db.connection()).where('rr.change_request_id', changeRequest.id),
      {
        ...query,
        order: [
          { column: 'rr.created_at', key: 'created_at' },
          { column: 'rr.user_id', key: 'user_id' },
        ],
      }
    )
    return { items: page.rows.map(requestedReviewerFromRow), count: page.count, next: page.next }
  }

  /**
   * Requests `input.users` (and renames the change request when `subject` is given); answers their
   * requests in the order given.
   */
  async request(
    user: User,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    input: RequestReviewersInput
  ): Promise<RequestedReviewerRecord[]> {
    const userIds = [...new Set(input.users)]
    await this.assertRequestable(access, changeRequest, userIds)
    return db.transaction(async (trx) => {
      const locked = await this.lockManageable(trx, user, access, changeRequest.id)
      const now = toSqlTimestamp(new Date())
      if (input.subject !== undefined) {
        await trx
          .from('change_requests')
          .where('id', locked.id)
          .update({ subject: input.subject, updated_at: now })
      }
      await trx
        .knexQuery()
        .table('change_request_requested_reviewers')
        .insert(
          userIds.map((userId) => ({
            change_request_id: locked.id,
            user_id: userId,
            requested_by_id: user.id,
            revision_id: locked.revisionId,
            created_at: now,
          }))
        )
        .onConflict(['change_request_id', 'user_id'])
        .merge(['requested_by_id', 'revision_id', 'created_at'])
      const rows = await this.baseQuery(trx)
        .where('rr.change_request_id', locked.id)
        .whereIn('rr.user_id', userIds)
      const byUser = new Map(
        rows.map((row) => [row.user_id as string, requestedReviewerFromRow(row)])
      )
      return userIds.map((userId) => byUser.get(userId)!)
    })
  }

  /** Takes `userId` off the requested reviewers; 404 when they were not requested. */
  async remove(
    user: User,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    userId: string
  ) {
    await db.transaction(async (trx) => {
      const locked = await this.lockManageable(trx, user, access, changeRequest.id)
      const removed = isWellFormedId(userId)
        ? affectedRows(
            await trx
              .from('change_request_requested_reviewers')
              .where('change_request_id', locked.id)
              .where('user_id', userId)
              .delete()
          )
        : 0
      if (removed === 0) throw NotFoundException.resource('requested reviewer', userId)
    })
  }

  /**
   * The change request locked for the rest of the transaction, with the caller's right to change
   * its reviewers checked again: a merge or archive committed since the controller's check wins.
   */
  private async lockManageable(
    trx: QueryClientContract,
    user: User,
    access: SpaceAccess,
    changeRequestId: string
  ) {
    const locked = await this.changeRequests.find(trx, access.space.id, changeRequestId, {
      lock: true,
    })
    ForbiddenException.unlessAllowed(
      new ChangeRequestPolicy().manageReviewers(user, access, locked)
    )
    return locked
  }

  /**
   * Every user must be an active member of the space's organization who can read the space (the
   * same 400 for unknown users and for other organizations' users: nothing about them leaks), and
   * none the change request's author.
   */
  private async assertRequestable(
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    userIds: string[]
  ) {
    const space = access.space
    const wellFormed = userIds.filter(isWellFormedId)
    const resolvers =
      wellFormed.length > 0
        ? await this.access.memberResolvers(space.organizationId, wellFormed)
        : []
    const readers = new Set(
      resolvers.filter(({ resolver }) => resolver.forSpace(space) !== null).map((r) => r.userId)
    )
    const refused = userIds.filter((userId) => !readers.has(userId))
    if (refused.length > 0) {
      throw BadRequestException.invalid({
        field: 'users',
        message: `Not members of this space's organization who can read the space: ${refused
          .map((id) => `"${id.slice(0, 64)}"`)
          .join(', ')}`,
        rule: 'spaceMember',
      })
    }
    const authorId = changeRequest.createdBy?.id
    if (authorId && userIds.includes(authorId)) {
      throw BadRequestException.invalid({
        field: 'users',
        message: `"${authorId}" is the author of this change request and cannot be requested to review it`,
        rule: 'notAuthor',
      })
    }
  }

  private baseQuery(client: QueryClientContract) {
    return client
      .from('change_request_requested_reviewers as rr')
      .join('users as reviewer', 'reviewer.id', 'rr.user_id')
      .leftJoin('users as requester', 'requester.id', 'rr.requested_by_id')
      .select(REQUESTED_REVIEWER_COLUMNS)
  }
}
