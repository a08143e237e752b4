import type { HttpContext } from '@adonisjs/core/http'
import { formatQueryValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * GET .../comments/{commentId}/replies/{commentReplyId} — readers of the space.
 */
export default class ShowReplyController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'view')
    const query = await ctx.request.validateQuery(formatQueryValidator)
    const { reply } = await this.findReply(context, ctx)
    return this.presenter.reply(reply, context, user, query.format)
  }
}
