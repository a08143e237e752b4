import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { rejectNullFields } from '#core/http/validation'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'
import CommentPolicy from '#comments/policies/comment_policy'
import { formatQueryValidator, postReplyValidator } from '#comments/validators/comment_validators'

/**
 * POST .../comments/{commentId}/replies — commenters; `format` shapes the answer.
 */
@inject()
export default class PostReplyController {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    await bouncer.with(CommentPolicy).authorize('comment', context.access)
    const query = await request.validateQuery(formatQueryValidator)
    const input = await request.validateUsing(postReplyValidator, {
      data: rejectNullFields(request.body(), []),
    })
    const reply = await this.comments.reply(user, context, params.commentId, input.body)
    return this.presenter.reply(reply, context, user, query.format)
  }
}
