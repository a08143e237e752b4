import type { HttpContext } from '@adonisjs/core/http'
import { formatQueryValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * GET S/comments/{commentId} and CR/comments/{commentId} — readers of the space.
 */
export default class ShowCommentController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'view')
    const query = await ctx.request.validateQuery(formatQueryValidator)
    const comment = await this.findComment(context, ctx)
    return this.presenter.comment(comment, context, user, query.format)
  }
}
