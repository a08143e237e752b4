import type { HttpContext } from '@adonisjs/core/http'
import CommentPolicy from '#comments/policies/comment_policy'
import { updateCommentValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * PUT S/comments/{commentId} and CR/comments/{commentId} — body (author or admin), `resolved`
 * (author or editor), the caller's reactions (commenters). A part the caller may not do refuses the
 * whole request.
 */
export default class UpdateCommentController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const comment = await this.findComment(context, ctx)
    const input = await ctx.request.validateBody(updateCommentValidator, { nullable: [] })
    await ctx.bouncer.with(CommentPolicy).authorize('update', context.access, comment, input)
    const updated = await this.comments.update(user, context, comment.id, input)
    return this.presenter.comment(updated, context, user)
  }
}
