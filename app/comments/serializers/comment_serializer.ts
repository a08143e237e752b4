import type User from '#accounts/models/user'
import { serializeUser, type UserRecord } from '#accounts/serializers/user_serializer'
import { urls } from '#core/http/urls'
import type { CommentContext, CommentRecord } from '#comments/records'
import CommentPolicy from '#comments/policies/comment_policy'
import { serializeBody, type BodyFormat } from '#comments/services/comment_body'

const policy = new CommentPolicy()

export interface Reaction {
  emoji: string
  users: { user: UserRecord; reactedAt: string }[]
}

export interface Replier {
  user: UserRecord
  count: number
  updatedAt: string
}

export interface TargetPage {
  id: string
  title: string
  emoji?: string
  icon?: string
  createdAt: string
  updatedAt: string
  path: string
  outdated: boolean
}

/** What a Comment needs beyond its row, loaded for a whole page of comments at once. */
export interface CommentExtras {
  reactions: Reaction[]
  repliers: Replier[]
  page?: TargetPage
  node?: { id: string; preview: string }
}

function location(context: CommentContext, commentId: string, replyId?: string) {
  const scope = context.changeRequest
    ? `/spaces/${context.access.space.id}/change-requests/${context.changeRequest.id}`
    : `/spaces/${context.access.space.id}`
  return urls.api(`${scope}/comments/${commentId}${replyId ? `/replies/${replyId}` : ''}`)
}

function serializeReactions(reactions: Reaction[]) {
  return reactions.map((reaction) => ({
    emoji: reaction.emoji,
    count: reaction.users.length,
    users: reaction.users.map(({ user, reactedAt }) => ({ user: serializeUser(user), reactedAt })),
  }))
}

/** The fields a comment and a reply share. */
function serializePost(comment: CommentRecord, reactions: Reaction[], format: BodyFormat) {
  return {
    id: comment.id,
    ...(comment.postedBy ? { postedBy: serializeUser(comment.postedBy) } : {}),
    postedAt: comment.postedAt.toISO()!,
    ...(comment.editedAt ? { editedAt: comment.editedAt.toISO()! } : {}),
    reactions: serializeReactions(reactions),
    body: serializeBody(comment.body, format),
  }
}

/**
 * GitBook's Comment object.
 */
export function serializeComment(
  comment: CommentRecord,
  context: CommentContext,
  caller: User,
  extras: CommentExtras,
  format: BodyFormat
) {
  const resolved = comment.status === 'resolved'
  return {
    object: 'comment' as const,
    ...serializePost(comment, extras.reactions, format),
    replies: comment.replies,
    repliers: extras.repliers.map((replier) => ({
      user: serializeUser(replier.user),
      count: replier.count,
      updatedAt: replier.updatedAt,
    })),
    target: {
      space: comment.spaceId,
      revision: comment.revisionId!,
      ...(extras.page ? { page: extras.page } : {}),
      ...(extras.node ? { node: extras.node } : {}),
      ...(comment.changeRequestId ? { changeRequest: comment.changeRequestId } : {}),
      ...(comment.reviewId ? { review: comment.reviewId } : {}),
    },
    urls: { location: location(context, comment.id) },
    permissions: policy.permissions(caller, context.access, comment),
    status: comment.status,
    ...(resolved && comment.resolvedAt ? { resolvedAt: comment.resolvedAt.toISO()! } : {}),
    ...(resolved && comment.resolvedBy ? { resolvedBy: serializeUser(comment.resolvedBy) } : {}),
  }
}

/**
 * GitBook's CommentReply object.
 */
export function serializeReply(
  reply: CommentRecord,
  context: CommentContext,
  caller: User,
  reactions: Reaction[],
  format: BodyFormat
) {
  return {
    object: 'comment-reply' as const,
    ...serializePost(reply, reactions, format),
    urls: { location: location(context, reply.parentId!, reply.id) },
    permissions: policy.permissions(caller, context.access, reply),
  }
}
