import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { formatQueryValidator } from '#comments/validators/comment_validators'

/**
 * GET .../comments/{commentId}/replies/{commentReplyId} — readers of the space.
 */
@inject()
export default class ShowReplyController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('view', context.access)
    const query = await request.validateQuery(formatQueryValidator)
    const client = db.connection()
    const comment = await this.comments.find(client, context, params.commentId)
    const reply = await this.comments.findReply(client, comment, params.commentReplyId)
    return this.presenter.reply(reply, context, user, query.format)
  }
}
