import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#accounts/models/user'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { ForbiddenException, NotFoundException } from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import { isWellFormedId, newId } from '#core/ids'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'
import {
  REVIEW_COLUMNS,
  reviewFromRow,
  type ReviewRecord,
  type ReviewStatus,
} from '#change_requests/review_records'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import { ReviewComments, type ReviewCommentBody } from '#change_requests/contracts/review_comments'

export interface ListReviewsInput extends ListQuery {
  outdated?: boolean
}

type Query = DatabaseQueryBuilderContract<any>

/**
 * Reviews of a change request, each tied to the head revision it reviewed. A review is outdated once
 * the head moves on or its reviewer reviews again; the current reviews (neither) are what merge
 * rules count.
 */
@inject()
export default class ReviewService {
  constructor(
    private changeRequests: ChangeRequestService,
    private comments: ReviewComments
  ) {}

  async list(changeRequest: ChangeRequestRecord, input: ListReviewsInput) {
    const query = this.baseQuery(db.connection(), changeRequest)
      .if(input.outdated === true, (outdated) =>
        outdated.where((q) =>
          q
            .whereNot('r.revision_id', changeRequest.revisionId)
            .orWhereExists((sub) => this.laterReviews(sub))
        )
      )
      .if(input.outdated === false, (current) => this.whereCurrent(current, changeRequest))
    const page = await paginate<Record<string, any>>(query, {
      ...input,
      order: [
        { column: 'r.created_at', key: 'created_at' },
        { column: 'r.id', key: 'id' },
      ],
    })
    return {
      items: page.rows.map((row) =>
        reviewFromRow(row, changeRequest.spaceId, changeRequest.revisionId)
      ),
      count: page.count,
      next: page.next,
    }
  }

  async find(
    client: QueryClientContract,
    changeRequest: ChangeRequestRecord,
    reviewId: string
  ): Promise<ReviewRecord> {
    const row = isWellFormedId(reviewId)
      ? await this.baseQuery(client, changeRequest).where('r.id', reviewId).first()
      : undefined
    if (!row) throw NotFoundException.resource('review', reviewId)
    return reviewFromRow(row, changeRequest.spaceId, changeRequest.revisionId)
  }

  /**
   * The reviewer's review of the change request's head as it is now. Whoever requested them is
   * recorded, and they are no longer a requested reviewer. A `comment` becomes a comment of the
   * change request on that head, tied to the review both ways.
   */
  async submit(
    user: User,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    input: { status: ReviewStatus; comment?: ReviewCommentBody }
  ): Promise<ReviewRecord> {
    // Checked before the lock: a refused comment takes no lock and writes nothing.
    const markdown =
      input.comment === undefined ? undefined : await this.comments.markdownOf(input.comment)
    return db.transaction(async (trx) => {
      const locked = await this.changeRequests.find(trx, access.space.id, changeRequest.id, {
        lock: true,
      })
      ForbiddenException.unlessAllowed(new ChangeRequestPolicy().review(user, access, locked))

      const request = await trx
        .from('change_request_requested_reviewers')
        .where('change_request_id', locked.id)
        .where('user_id', user.id)
        .select('requested_by_id')
        .first()
      if (request) {
        await trx
          .from('change_request_requested_reviewers')
          .where('change_request_id', locked.id)
          .where('user_id', user.id)
          .delete()
      }
      const createdAt = toSqlTimestamp(await this.nextReviewTime(trx, locked.id))
      const id = newId()
      const commentId =
        markdown === undefined
          ? null
          : await this.comments.postWithin(
              trx,
              user,
              { access, changeRequest: locked },
              { markdown, reviewId: id }
            )
      await trx.table('change_request_reviews').insert({
        id,
        change_request_id: locked.id,
        reviewer_id: user.id,
        requested_by_id: request?.requested_by_id ?? null,
        status: input.status,
        revision_id: locked.revisionId,
        comment_id: commentId,
        created_at: createdAt,
        updated_at: createdAt,
      })
      return this.find(trx, locked, id)
    })
  }

  /**
   * The reviews that count now: of the head revision, each its reviewer's latest.
   */
  async currentReviews(client: QueryClientContract, changeRequest: ChangeRequestRecord) {
    const rows = await this.whereCurrent(
      client.from('change_request_reviews as r').where('r.change_request_id', changeRequest.id),
      changeRequest
    ).select('r.reviewer_id', 'r.status')
    return rows.map((row) => ({
      reviewerId: row.reviewer_id as string,
      status: row.status as ReviewStatus,
    }))
  }

  private whereCurrent(query: Query, changeRequest: ChangeRequestRecord) {
    return query
      .where('r.revision_id', changeRequest.revisionId)
      .whereNotExists((sub) => this.laterReviews(sub))
  }

  /**
   * Reviews by the same reviewer after `r`. Review times are strictly increasing per change request
   * (nextReviewTime), so "after" needs no tie-breaker.
   */
  private laterReviews(sub: Query) {
    return sub
      .from('change_request_reviews as later')
      .whereColumn('later.change_request_id', 'r.change_request_id')
      .whereColumn('later.reviewer_id', 'r.reviewer_id')
      .whereColumn('later.created_at', '>', 'r.created_at')
  }

  /**
   * Now, or a millisecond after the change request's latest review when the clock has not moved
   * past it: two reviews by one reviewer must never share a time, or neither would be the latest.
   * Runs under the change request's row lock.
   */
  private async nextReviewTime(
    trx: QueryClientContract,
    changeRequestId: string
  ): Promise<DateTime> {
    const now = DateTime.utc()
    const last = await trx
      .from('change_request_reviews')
      .where('change_request_id', changeRequestId)
      .max('created_at as at')
      .first()
    const latest = fromSqlTimestamp(last?.at)
    return latest && latest >= now ? latest.plus({ milliseconds: 1 }) : now
  }

  private baseQuery(client: QueryClientContract, changeRequest: ChangeRequestRecord) {
    return client
      .from('change_request_reviews as r')
      .join('users as reviewer', 'reviewer.id', 'r.reviewer_id')
      .leftJoin('users as requester', 'requester.id', 'r.requested_by_id')
      .where('r.change_request_id', changeRequest.id)
      .select(REVIEW_COLUMNS)
      .select(this.laterReviews(client.query()).count('*').as('later_reviews'))
  }
}
