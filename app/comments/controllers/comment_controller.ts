import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import type { CommentContext } from '#comments/records'

/**
 * What every comment endpoint opens with: the caller, the context the URL names (a space or one of
 * its change requests), the policy's ability on that context, and the comment or reply the URL
 * names. Each endpoint keeps its own order of these steps (it decides which error wins).
 */
@inject()
export default abstract class CommentController {
  constructor(
    protected comments: CommentService,
    protected presenter: CommentPresenter
  ) {}

  /** The caller and the context, authorized for `ability` when one is given. */
  protected async open({ auth, bouncer, params }: HttpContext, ability?: 'view' | 'comment') {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    if (ability) await bouncer.with(CommentPolicy).authorize(ability, context.access)
    return { user, context }
  }

  /** The comment `{commentId}` of the context. */
  protected findComment(context: CommentContext, { params }: HttpContext) {
    return this.comments.find(db.connection(), context, params.commentId)
  }

  /** The reply `{commentReplyId}` of the comment `{commentId}`, with its comment. */
  protected async findReply(context: CommentContext, { params }: HttpContext) {
    const client = db.connection()
    const comment = await this.comments.find(client, context, params.commentId)
    const reply = await this.comments.findReply(client, comment, params.commentReplyId)
    return { comment, reply }
  }
}
