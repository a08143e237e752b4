import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import { renderMarkdownHtml } from '#content/markdown/html'
import {
  Discussions,
  type DiscussionContext,
  type DiscussionPost,
} from '#change_requests/contracts/discussions'

/** The emoji offered as reaction buttons on every comment (others given through the API show too). */
export const REACTION_CHOICES = ['👍', '🎉', '❤️', '👀']

/** A post with its markdown rendered (the markdown kept for its edit form). */
function rendered<P extends DiscussionPost>(post: P) {
  return { ...post, html: renderMarkdownHtml(post.markdown).html }
}

/**
 * The discussion shown on a console page, through the comments domain's Discussions (none without
 * comments): bodies rendered as sanitized HTML, never as sent.
 */
@inject()
export default class ConsoleDiscussionsService {
  constructor(private discussions: Discussions) {}

  async props(user: User, context: DiscussionContext, options: { page?: string } = {}) {
    const discussion = await this.discussions.show(user, context, options)
    if (!discussion) return null
    const changeRequestId = context.changeRequest?.id
    return {
      // Where its forms post (the console's comment routes of the space or the change request).
      scope: { spaceId: context.access.space.id, ...(changeRequestId ? { changeRequestId } : {}) },
      canComment: discussion.canComment,
      reactionChoices: REACTION_CHOICES,
      threads: discussion.threads.map((thread) => ({
        ...rendered(thread),
        replies: thread.replies.map(rendered),
      })),
    }
  }
}
