import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#accounts/models/user'
import {
  ReviewComments,
  type ReviewCommentBody,
  type ReviewCommentContext,
  type ReviewCommentFormat,
} from '#change_requests/contracts/review_comments'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import { markdownFromBody } from '#comments/services/comment_body'

/**
 * The comments domain's side of the change requests' ReviewComments contract (bound by the comments
 * provider): a review's comment is a comment of the change request, tied to the review.
 */
@inject()
export default class ReviewCommentsService extends ReviewComments {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {
    super()
  }

  markdownOf(body: ReviewCommentBody): Promise<string> {
    return markdownFromBody(body, 'comment')
  }

  postWithin(
    trx: TransactionClientContract,
    user: User,
    context: ReviewCommentContext,
    comment: { markdown: string; reviewId: string }
  ) {
    return this.comments.postWithin(trx, user, context, comment)
  }

  async present(
    commentIds: string[],
    context: ReviewCommentContext,
    caller: User,
    format?: ReviewCommentFormat
  ) {
    const found = await this.comments.findMany(context, commentIds)
    const presented = await this.presenter.comments(found, context, caller, format)
    return new Map<string, object>(presented.map((comment) => [comment.id, comment]))
  }
}
