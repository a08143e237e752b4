import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'
import type { ReviewRecord } from '#change_requests/review_records'
import { serializeReview } from '#change_requests/serializers/review_serializer'
import {
  ReviewComments,
  type ReviewCommentFormat,
} from '#change_requests/contracts/review_comments'

/**
 * Reviews on the wire, each with the comment posted with it as the comments domain shows it to the
 * caller (permissions, reactions, replies; `format` shapes its body). The comments of a whole page of
 * reviews load at once.
 */
@inject()
export default class ReviewPresenter {
  constructor(private comments: ReviewComments) {}

  async reviews(
    records: ReviewRecord[],
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    caller: User,
    format?: ReviewCommentFormat
  ) {
    const context = { access, changeRequest }
    const commentIds = records.flatMap((record) => (record.commentId ? [record.commentId] : []))
    const comments = await this.comments.present(commentIds, context, caller, format)
    return records.map((record) =>
      serializeReview(record, record.commentId ? comments.get(record.commentId) : undefined)
    )
  }

  async review(
    record: ReviewRecord,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    caller: User,
    format?: ReviewCommentFormat
  ) {
    const [review] = await this.reviews([record], access, changeRequest, caller, format)
    return review
  }
}
