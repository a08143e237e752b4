import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { listEnvelope } from '#core/http/pagination'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { listCommentsValidator } from '#comments/validators/comment_validators'

/**
 * GET S/comments and CR/comments — readers of the space; newest first unless `order=asc`. A space
 * lists its own discussions, not those of its change requests.
 */
@inject()
export default class ListCommentsController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('view', context.access)
    const query = await request.validateQuery(listCommentsValidator, { repeatable: ['authors'] })
    const page = await this.comments.list(context, query)
    return listEnvelope(
      await this.presenter.comments(page.items, context, user, query.format),
      page.count,
      page.next
    )
  }
}
