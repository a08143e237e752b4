import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { rejectNullFields } from '#core/http/validation'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { updateCommentValidator } from '#comments/validators/comment_validators'

/**
 * PUT S/comments/{commentId} and CR/comments/{commentId} — body (author or admin), `resolved`
 * (author or editor), the caller's reactions (commenters). A part the caller may not do refuses the
 * whole request.
 */
@inject()
export default class UpdateCommentController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    const comment = await this.comments.find(db.connection(), context, params.commentId)
    const input = await request.validateUsing(updateCommentValidator, {
      data: rejectNullFields(request.body(), []),
    })
    await bouncer.with(CommentPolicy).authorize('update', context.access, comment, input)
    return this.presenter.comment(
      await this.comments.update(user, context, comment.id, input),
      context,
      user
    )
  }
}
