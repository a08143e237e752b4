import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommentService from '#comments/services/comment_service'
import CommentPolicy from '#comments/policies/comment_policy'

/**
 * DELETE .../comments/{commentId}/replies/{commentReplyId} — its author or an admin; 205.
 */
@inject()
export default class DeleteReplyController {
  constructor(private comments: CommentService) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const context = await this.comments.contextFor(user.id, params)
    const client = db.connection()
    const comment = await this.comments.find(client, context, params.commentId)
    const reply = await this.comments.findReply(client, comment, params.commentReplyId)
    await bouncer.with(CommentPolicy).authorize('delete', context.access, reply)
    await this.comments.deleteReply(context, comment.id, reply.id)
    response.resetContent()
  }
}
