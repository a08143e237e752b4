import type { HttpContext } from '@adonisjs/core/http'
import CommentPolicy from '#comments/policies/comment_policy'
import CommentController from '#comments/controllers/comment_controller'

/**
 * DELETE S/comments/{commentId} and CR/comments/{commentId} — its author or an admin; 205. Its
 * replies and reactions go with it.
 */
export default class DeleteCommentController extends CommentController {
  async handle(ctx: HttpContext) {
    const { context } = await this.open(ctx)
    const comment = await this.findComment(context, ctx)
    await ctx.bouncer.with(CommentPolicy).authorize('delete', context.access, comment)
    await this.comments.delete(context, comment.id)
    ctx.response.resetContent()
  }
}
