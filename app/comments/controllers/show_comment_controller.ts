import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { formatQueryValidator } from '#comments/validators/comment_validators'

/**
 * GET S/comments/{commentId} and CR/comments/{commentId} — readers of the space.
 */
@inject()
export default class ShowCommentController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('view', context.access)
    const query = await request.validateQuery(formatQueryValidator)
    const comment = await this.comments.find(db.connection(), context, params.commentId)
    return this.presenter.comment(comment, context, user, query.format)
  }
}
