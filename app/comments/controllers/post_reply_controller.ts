import type { HttpContext } from '@adonisjs/core/http'
import { formatQueryValidator, postReplyValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * POST .../comments/{commentId}/replies — commenters; `format` shapes the answer.
 */
export default class PostReplyController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'comment')
    const query = await ctx.request.validateQuery(formatQueryValidator)
    const input = await ctx.request.validateBody(postReplyValidator, { nullable: [] })
    const reply = await this.comments.reply(user, context, ctx.params.commentId, input.body)
    return this.presenter.reply(reply, context, user, query.format)
  }
}
