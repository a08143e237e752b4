import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { postCommentValidator } from '#comments/validators/comment_validators'

/**
 * POST S/comments and CR/comments — commenters; optionally on a page of the revision the context
 * shows now and on a heading of it (`node`).
 */
@inject()
export default class PostCommentController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('comment', context.access)
    const input = await request.validateUsing(postCommentValidator, {
      data: rejectNullFields(request.body(), []),
    })
    return this.presenter.comment(await this.comments.post(user, context, input), context, user)
  }
}
