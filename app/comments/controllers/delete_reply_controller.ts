import type { HttpContext } from '@adonisjs/core/http'
import CommentPolicy from '#comments/policies/comment_policy'
import CommentController from '#comments/controllers/comment_controller'

/**
 * DELETE .../comments/{commentId}/replies/{commentReplyId} — its author or an admin; 205.
 */
export default class DeleteReplyController extends CommentController {
  async handle(ctx: HttpContext) {
    const { context } = await this.open(ctx)
    const { comment, reply } = await this.findReply(context, ctx)
    await ctx.bouncer.with(CommentPolicy).authorize('delete', context.access, reply)
    await this.comments.deleteReply(context, comment.id, reply.id)
    ctx.response.resetContent()
  }
}
