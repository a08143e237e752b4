import type { HttpContext } from '@adonisjs/core/http'
import CommentPolicy from '#comments/policies/comment_policy'
import { updateReplyValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * PUT .../comments/{commentId}/replies/{commentReplyId} — body (author or admin), the caller's
 * reactions (commenters); all or nothing.
 */
export default class UpdateReplyController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const { comment, reply } = await this.findReply(context, ctx)
    const input = await ctx.request.validateBody(updateReplyValidator, { nullable: [] })
    await ctx.bouncer.with(CommentPolicy).authorize('update', context.access, reply, input)
    const updated = await this.comments.updateReply(user, context, comment.id, reply.id, input)
    return this.presenter.reply(updated, context, user)
  }
}
