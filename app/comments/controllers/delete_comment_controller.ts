import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommentService from '#comments/services/comment_service'
import CommentPolicy from '#comments/policies/comment_policy'

/**
 * DELETE S/comments/{commentId} and CR/comments/{commentId} — its author or an admin; 205. Its
 * replies and reactions go with it.
 */
@inject()
export default class DeleteCommentController {
  constructor(private comments: CommentService) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    const comment = await this.comments.find(db.connection(), context, params.commentId)
    await bouncer.with(CommentPolicy).authorize('delete', context.access, comment)
    await this.comments.delete(context, comment.id)
    response.resetContent()
  }
}
