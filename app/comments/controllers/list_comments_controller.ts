import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import { listCommentsValidator } from '#comments/validators/comment_validators'
import CommentController from '#comments/controllers/comment_controller'

/**
 * GET S/comments and CR/comments — readers of the space; newest first unless `order=asc`. A space
 * lists its own discussions, not those of its change requests.
 */
export default class ListCommentsController extends CommentController {
  async handle(ctx: HttpContext) {
    const { user, context } = await this.open(ctx, 'view')
    const query = await ctx.request.validateQuery(listCommentsValidator, {
      repeatable: ['authors'],
    })
    const page = await this.comments.list(context, query)
    const items = await this.presenter.comments(page.items, context, user, query.format)
    return listEnvelope(items, page.count, page.next)
  }
}
