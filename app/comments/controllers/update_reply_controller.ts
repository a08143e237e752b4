import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { rejectNullFields } from '#core/http/validation'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { updateReplyValidator } from '#comments/validators/comment_validators'

/**
 * PUT .../comments/{commentId}/replies/{commentReplyId} — body (author or admin), the caller's
 * reactions (commenters); all or nothing.
 */
@inject()
export default class UpdateReplyController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    const client = db.connection()
    const comment = await this.comments.find(client, context, params.commentId)
    const reply = await this.comments.findReply(client, comment, params.commentReplyId)
    const input = await request.validateUsing(updateReplyValidator, {
      data: rejectNullFields(request.body(), []),
    })
    await bouncer.with(CommentPolicy).authorize('update', context.access, reply, input)
    const updated = await this.comments.updateReply(user, context, comment.id, reply.id, input)
    return this.presenter.reply(updated, context, user)
  }
}
