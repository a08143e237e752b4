import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'
import type { ReviewRecord } from '#change_requests/review_records'
import { serializeReview } from '#change_requests/serializers/review_serializer'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import type { BodyFormat } from '#comments/services/comment_body'

/**
 * Reviews on the wire, each with the comment posted with it as the comments domain shows it to the
 * caller (permissions, reactions, replies; `format` shapes its body). The comments of a whole page of
 * reviews load at once.
 */
@inject()
export default class ReviewPresenter {
  constructor(
    private comments: CommentService,
    private commentPresenter: CommentPresenter
  ) {}

  async reviews(
    records: ReviewRecord[],
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    caller: User,
    format?: BodyFormat
  ) {
    const context = { access, changeRequest }
    const commentIds = records.flatMap((record) => (record.commentId ? [record.commentId] : []))
    const found = await this.comments.findMany(context, commentIds)
    const comments = new Map(
      (await this.commentPresenter.comments(found, context, caller, format)).map((comment) => [
        comment.id,
        comment,
      ])
    )
    return records.map((record) =>
      serializeReview(record, record.commentId ? comments.get(record.commentId) : undefined)
    )
  }

  async review(
    record: ReviewRecord,
    access: SpaceAccess,
    changeRequest: ChangeRequestRecord,
    caller: User,
    format?: BodyFormat
  ) {
    return (await this.reviews([record], access, changeRequest, caller, format))[0]
  }
}
