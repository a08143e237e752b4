import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { listEnvelope } from '#core/http/pagination'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { listRepliesValidator } from '#comments/validators/comment_validators'

/**
 * GET .../comments/{commentId}/replies — readers of the space; oldest first, as a thread reads.
 */
@inject()
export default class ListRepliesController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('view', context.access)
    const query = await request.validateQuery(listRepliesValidator)
    const comment = await this.comments.find(db.connection(), context, params.commentId)
    const page = await this.comments.listReplies(comment, query)
    return listEnvelope(
      await this.presenter.replies(page.items, context, user, query.format),
      page.count,
      page.next
    )
  }
}
