import type { HttpContext } from '@adonisjs/core/http'
import { postCommentValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * POST S/comments and CR/comments — commenters; optionally on a page of the revision the context
 * shows now and on a heading of it (`node`).
 */
export default class PostCommentController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'comment')
    const input = await ctx.request.validateBody(postCommentValidator, { nullable: [] })
    return this.presenter.comment(await this.comments.post(user, context, input), context, user)
  }
}
