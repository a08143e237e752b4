import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import { listRepliesValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * GET .../comments/{commentId}/replies — readers of the space; oldest first, as a thread reads.
 */
export default class ListRepliesController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'view')
    const query = await ctx.request.validateQuery(listRepliesValidator)
    const page = await this.comments.listReplies(await this.findComment(context, ctx), query)
    const items = await this.presenter.replies(page.items, context, user, query.format)
    return listEnvelope(items, page.count, page.next)
  }
}
