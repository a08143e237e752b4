import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import { Discussions, type DiscussionTarget } from '#change_requests/contracts/discussions'
import { noticeBack } from '#console/http/console_form'
import {
  consoleCommentValidator,
  consoleReactionValidator,
  consoleResolveCommentValidator,
} from '#console/validators/comment_validators'

/**
 * The comment forms of a space's pages and of a change request's page: threads, replies, edits,
 * deletions, resolution and reactions, through the comments domain's Discussions (its service and
 * policy: the API's rules, its 404s and refusals). Without comments every form is a 404.
 */
@inject()
export default class ConsoleCommentsController {
  constructor(
    private discussions: Discussions,
    private spaces: SpaceAccessService,
    private changeRequests: ChangeRequestService
  ) {}

  /** The signed-in user and the discussion the URL names: a space's, or a change request's. */
  private async open({ auth, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const context =
      typeof params.changeRequestId === 'string'
        ? await this.changeRequests.forCaller(user.id, params.spaceId, params.changeRequestId)
        : { access: await this.spaces.spaceFor(user.id, params.spaceId) }
    return { user, context }
  }

  private target({ params }: HttpContext): DiscussionTarget {
    return typeof params.replyId === 'string'
      ? { commentId: params.commentId, replyId: params.replyId }
      : { commentId: params.commentId }
  }

  /** POST .../comments: a new thread (on a page of the space when `page` is given). */
  async store(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const input = await ctx.request.validateUsing(consoleCommentValidator)
    await this.discussions.post(user, context, { markdown: input.body, page: input.page })
    return noticeBack(ctx, 'Comment posted.')
  }

  /** POST .../comments/:commentId/replies */
  async reply(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const { body } = await ctx.request.validateUsing(consoleCommentValidator)
    await this.discussions.reply(user, context, ctx.params.commentId, body)
    return noticeBack(ctx, 'Reply posted.')
  }

  /** PATCH .../comments/:commentId (and .../replies/:replyId): the body. */
  async update(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const { body } = await ctx.request.validateUsing(consoleCommentValidator)
    await this.discussions.edit(user, context, this.target(ctx), body)
    return noticeBack(ctx, 'Comment saved.')
  }

  /** DELETE .../comments/:commentId (its replies with it), or .../replies/:replyId */
  async destroy(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const target = this.target(ctx)
    await this.discussions.delete(user, context, target)
    return noticeBack(ctx, target.replyId ? 'Reply deleted.' : 'Comment deleted.')
  }

  /** POST .../comments/:commentId/resolution */
  async resolve(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const { resolved } = await ctx.request.validateUsing(consoleResolveCommentValidator)
    await this.discussions.resolve(user, context, ctx.params.commentId, resolved)
    return noticeBack(ctx, resolved ? 'Thread resolved.' : 'Thread reopened.')
  }

  /** POST .../reactions: adds the user's reaction, or takes it back. */
  async react(ctx: HttpContext) {
    const { user, context } = await this.open(ctx)
    const { emoji } = await ctx.request.validateUsing(consoleReactionValidator)
    const added = await this.discussions.toggleReaction(user, context, this.target(ctx), emoji)
    return noticeBack(ctx, added ? `You reacted with ${emoji}.` : 'Reaction removed.')
  }
}
