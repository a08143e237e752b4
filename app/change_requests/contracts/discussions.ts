import type User from '#accounts/models/user'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'

/** Where a discussion lives: the space's own comments, or those of one of its change requests. */
export interface DiscussionContext {
  access: SpaceAccess
  changeRequest?: ChangeRequestRecord
}

/** A comment, or one reply to it (`replyId`). */
export interface DiscussionTarget {
  commentId: string
  replyId?: string
}

export interface DiscussionReaction {
  emoji: string
  count: number
  /** The caller reacted with it. */
  mine: boolean
}

/** A comment or a reply as a reader sees it; `markdown` as stored (render it, never as HTML). */
export interface DiscussionPost {
  id: string
  author: string
  postedAt: string
  editedAt: string | null
  markdown: string
  reactions: DiscussionReaction[]
  can: { edit: boolean; delete: boolean; react: boolean }
}

export interface DiscussionThread extends DiscussionPost {
  status: 'open' | 'resolved'
  resolvedBy: string | null
  page: { id: string; title: string } | null
  replies: DiscussionPost[]
  can: DiscussionPost['can'] & { resolve: boolean; reply: boolean }
}

export interface Discussion {
  threads: DiscussionThread[]
  /** The caller may start a thread. */
  canComment: boolean
}

/**
 * The discussions of a space and of its change requests, for the console's pages: the comments
 * domain (above change requests) binds this with its own services and policy, the API's rules.
 * Without comments there is none to show (`show` answers null) and every write is a 404.
 * Writes check the caller's right (403 in the policy's words) and the body (400 in plain words).
 */
export abstract class Discussions {
  /** The threads of the context (only those on `page` when given), or null without comments. */
  abstract show(
    caller: User,
    context: DiscussionContext,
    options?: { page?: string }
  ): Promise<Discussion | null>

  abstract post(
    caller: User,
    context: DiscussionContext,
    input: { markdown: string; page?: string }
  ): Promise<void>

  abstract reply(
    caller: User,
    context: DiscussionContext,
    commentId: string,
    markdown: string
  ): Promise<void>

  abstract edit(
    caller: User,
    context: DiscussionContext,
    target: DiscussionTarget,
    markdown: string
  ): Promise<void>

  abstract delete(caller: User, context: DiscussionContext, target: DiscussionTarget): Promise<void>

  abstract resolve(
    caller: User,
    context: DiscussionContext,
    commentId: string,
    resolved: boolean
  ): Promise<void>

  /** Adds the caller's reaction, or takes it back when they already gave it; true when added. */
  abstract toggleReaction(
    caller: User,
    context: DiscussionContext,
    target: DiscussionTarget,
    emoji: string
  ): Promise<boolean>
}

export class NoDiscussions extends Discussions {
  async show() {
    return null
  }

  private missing(): never {
    throw NotFoundException.resource('comment', '')
  }

  async post() {
    this.missing()
  }

  async reply() {
    this.missing()
  }

  async edit() {
    this.missing()
  }

  async delete() {
    this.missing()
  }

  async resolve() {
    this.missing()
  }

  async toggleReaction(): Promise<boolean> {
    this.missing()
  }
}
