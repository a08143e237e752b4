import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import { MAX_PAGE_SIZE } from '#core/http/pagination'
import {
  Discussions,
  type DiscussionContext,
  type DiscussionPost,
  type DiscussionTarget,
  type DiscussionThread,
} from '#change_requests/contracts/discussions'
import CommentPolicy from '#comments/policies/comment_policy'
import type { CommentRecord } from '#comments/records'
import CommentService from '#comments/services/comment_service'
import CommentPresenter from '#comments/services/comment_presenter'

const policy = new CommentPolicy()

/** What a presented comment and a presented reply share. */
type Presented = Omit<Awaited<ReturnType<CommentPresenter['replies']>>[number], 'object'>

function name(user?: { displayName?: string | null; email: string } | null) {
  return user ? user.displayName || user.email : 'Former member'
}

/**
 * The comments domain's side of the change requests' Discussions contract (bound by the comments
 * provider): the console's threads through CommentService and CommentPolicy, the API's rules
 * (each write checked as the matching /v1 endpoint checks it).
 */
@inject()
export default class DiscussionsService extends Discussions {
  constructor(
    private comments: CommentService,
    private presenter: CommentPresenter
  ) {
    super()
  }

  async show(caller: User, context: DiscussionContext, options: { page?: string } = {}) {
    ForbiddenException.unlessAllowed(policy.view(caller, context.access))
    const page = await this.comments.list(context, {
      limit: MAX_PAGE_SIZE,
      order: 'asc',
      targetPage: options.page,
    })
    const presented = await this.presenter.comments(page.items, context, caller)
    const threads: DiscussionThread[] = []
    for (const [index, comment] of presented.entries()) {
      const record = page.items[index]
      const replies = record.replies
        ? await this.comments.listReplies(record, { limit: MAX_PAGE_SIZE })
        : { items: [] }
      const shownReplies = await this.presenter.replies(replies.items, context, caller)
      const resolve = policy.resolve(caller, context.access, record) === true
      const post = this.asPost(caller, comment, context)
      threads.push({
        ...post,
        status: comment.status,
        resolvedBy: comment.resolvedBy ? name(comment.resolvedBy) : null,
        page: comment.target.page
          ? { id: comment.target.page.id, title: comment.target.page.title }
          : null,
        replies: shownReplies.map((reply) => this.asPost(caller, reply, context)),
        can: { ...post.can, resolve, reply: comment.permissions.reply },
      })
    }
    return {
      threads,
      canComment: policy.comment(caller, context.access) === true,
    }
  }

  async post(caller: User, context: DiscussionContext, input: { markdown: string; page?: string }) {
    ForbiddenException.unlessAllowed(policy.comment(caller, context.access))
    await this.comments.post(caller, context, {
      body: { markdown: input.markdown },
      page: input.page,
    })
  }

  async reply(caller: User, context: DiscussionContext, commentId: string, markdown: string) {
    ForbiddenException.unlessAllowed(policy.comment(caller, context.access))
    await this.comments.reply(caller, context, commentId, { markdown })
  }

  async edit(caller: User, context: DiscussionContext, target: DiscussionTarget, markdown: string) {
    const { comment, reply } = await this.find(context, target)
    const input = { body: { markdown } }
    ForbiddenException.unlessAllowed(policy.update(caller, context.access, reply ?? comment, input))
    if (reply) await this.comments.updateReply(caller, context, comment.id, reply.id, input)
    else await this.comments.update(caller, context, comment.id, input)
  }

  async delete(caller: User, context: DiscussionContext, target: DiscussionTarget) {
    const { comment, reply } = await this.find(context, target)
    ForbiddenException.unlessAllowed(policy.delete(caller, context.access, reply ?? comment))
    if (reply) await this.comments.deleteReply(context, comment.id, reply.id)
    else await this.comments.delete(context, comment.id)
  }

  async resolve(caller: User, context: DiscussionContext, commentId: string, resolved: boolean) {
    const { comment } = await this.find(context, { commentId })
    ForbiddenException.unlessAllowed(policy.update(caller, context.access, comment, { resolved }))
    await this.comments.update(caller, context, comment.id, { resolved })
  }

  async toggleReaction(
    caller: User,
    context: DiscussionContext,
    target: DiscussionTarget,
    emoji: string
  ) {
    const { comment, reply } = await this.find(context, target)
    const record = reply ?? comment
    const [shown] = await this.presenter.replies([record], context, caller)
    const given = shown.reactions.some(
      (reaction) =>
        reaction.emoji === emoji && reaction.users.some(({ user }) => user.id === caller.id)
    )
    const input = given ? { removedReactions: [emoji] } : { addedReactions: [emoji] }
    ForbiddenException.unlessAllowed(policy.update(caller, context.access, record, input))
    if (reply) await this.comments.updateReply(caller, context, comment.id, reply.id, input)
    else await this.comments.update(caller, context, comment.id, input)
    return !given
  }

  /** The comment (and reply) the target names in the context: 404 for anything else. */
  private async find(context: DiscussionContext, target: DiscussionTarget) {
    const client = db.connection()
    const comment = await this.comments.find(client, context, target.commentId)
    const reply: CommentRecord | undefined =
      target.replyId === undefined
        ? undefined
        : await this.comments.findReply(client, comment, target.replyId)
    return { comment, reply }
  }

  private asPost(caller: User, post: Presented, context: DiscussionContext): DiscussionPost {
    return {
      id: post.id,
      author: name(post.postedBy),
      postedAt: post.postedAt,
      editedAt: post.editedAt ?? null,
      markdown: 'markdown' in post.body ? String(post.body.markdown) : '',
      reactions: post.reactions.map((reaction) => ({
        emoji: reaction.emoji,
        count: reaction.count,
        mine: reaction.users.some(({ user }) => user.id === caller.id),
      })),
      can: {
        edit: post.permissions.edit,
        delete: post.permissions.delete,
        react: policy.comment(caller, context.access) === true,
      },
    }
  }
}
