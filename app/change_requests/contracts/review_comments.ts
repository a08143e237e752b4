import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'

/** A comment body as sent: `{markdown}` or GitBook's `{document}`. */
export type ReviewCommentBody = { markdown?: string; document?: unknown }
export type ReviewCommentFormat = 'document' | 'markdown'
export type ReviewCommentContext = { access: SpaceAccess; changeRequest: ChangeRequestRecord }

/**
 * The comment a review may carry is a change-request comment of the comments domain, which sits
 * above change requests: the comments provider binds this. Without comments a review takes no
 * comment (400 on `comment`) and shows none.
 */
export abstract class ReviewComments {
  /** The markdown of a review's comment, checked before any lock is taken (400 when refused). */
  abstract markdownOf(body: ReviewCommentBody): Promise<string>

  /** Posts the review's comment inside the review's transaction; returns the comment's id. */
  abstract postWithin(
    trx: TransactionClientContract,
    user: User,
    context: ReviewCommentContext,
    comment: { markdown: string; reviewId: string }
  ): Promise<string>

  /** The comments of a page of reviews as the caller sees them, by comment id. */
  abstract present(
    commentIds: string[],
    context: ReviewCommentContext,
    caller: User,
    format?: ReviewCommentFormat
  ): Promise<Map<string, object>>
}

export class NoReviewComments extends ReviewComments {
  async markdownOf(): Promise<string> {
    throw BadRequestException.invalid({
      field: 'comment',
      message: 'Comments are not available on this server',
    })
  }

  async postWithin(): Promise<string> {
    throw new Error('No comments domain to post a review comment to')
  }

  async present() {
    return new Map<string, object>()
  }
}
