import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import { postCommentValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * POST S/comments and CR/comments — commenters; optionally on a page of the revision the context
 * shows now and on a heading of it (`node`).
 */
export default class PostCommentController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'comment')
    const input = await ctx.request.validateUsing(postCommentValidator, {
      data: rejectNullFields(ctx.request.body(), []),
    })
    return this.presenter.comment(await this.comments.post(user, context, input), context, user)
  }
}
