import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type User from '#accounts/models/user'
import { newId, isWellFormedId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import SpaceAccessService from '#spaces/services/space_access_service'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ContentStore from '#content/services/content_store'
import { documentHeadings } from '#content/services/page_derivation'
import {
  COMMENT_COLUMNS,
  commentFromRow,
  contextRevision,
  type CommentContext,
  type CommentRecord,
} from '#comments/records'
import { markdownFromBody, type BodyInput } from '#comments/services/comment_body'
import { reactionKey } from '#comments/services/reaction_keys'

export interface PostCommentInput {
  body: BodyInput
  page?: string
  node?: string
}

/** A comment about to be stored: its body already checked (markdownFromBody), its target found. */
export interface NewComment {
  markdown: string
  page?: string
  node?: string
  /** Hash of the target page's document now. */
  pageDocument?: string | null
  /** The review the comment was posted with. */
  reviewId?: string
}

export interface UpdateCommentInput {
  body?: BodyInput
  resolved?: boolean
  addedReactions?: string[]
  removedReactions?: string[]
}

export interface ListCommentsInput extends ListQuery {
  order?: 'asc' | 'desc'
  status?: 'all' | 'open' | 'resolved'
  targetPage?: string
  authors?: string[]
}

/**
 * Discussions of a space and of its change requests: comments on the content (optionally on a page
 * and a heading of it), their replies and emoji reactions. Every write is one transaction; a reply's
 * count on its comment changes under the comment row's lock.
 */
@inject()
export default class CommentService {
  constructor(
    private access: SpaceAccessService,
    private changeRequests: ChangeRequestService,
    private store: ContentStore
  ) {}

  /** The context named by route parameters (`changeRequestId` or none), for a caller who may read the space. */
  async contextFor(userId: string, params: Record<string, any>): Promise<CommentContext> {
    if (typeof params.changeRequestId === 'string') {
      return this.changeRequests.forCaller(userId, params.spaceId, params.changeRequestId)
    }
    return { access: await this.access.spaceFor(userId, params.spaceId) }
  }

  async list(context: CommentContext, input: ListCommentsInput) {
    const query = this.inContext(this.baseQuery(db.connection()), context)
      .whereNull('c.parent_id')
      .if(input.status && input.status !== 'all', (q) => q.where('c.status', input.status!))
      .if(input.targetPage, (q) => q.where('c.page_id', input.targetPage!))
      .if(input.authors, (q) => q.whereIn('c.posted_by_id', input.authors!))
    const page = await paginate(query, {
      ...input,
      order: [
        { column: 'c.posted_at', key: 'posted_at' },
        { column: 'c.id', key: 'id' },
      ],
      direction: input.order ?? 'desc',
    })
    return { items: page.rows.map(commentFromRow), count: page.count, next: page.next }
  }

  /** A comment of the context (not a reply); 404 for anything else, another context's included. */
  async find(
    client: QueryClientContract,
    context: CommentContext,
    commentId: string,
    options: { lock?: boolean } = {}
  ) {
    if (isWellFormedId(commentId)) {
      if (options.lock) await this.lockRow(client, commentId)
      const row = await this.inContext(this.baseQuery(client), context)
        .where('c.id', commentId)
        .whereNull('c.parent_id')
        .first()
      if (row) return commentFromRow(row)
    }
    throw NotFoundException.resource('comment', commentId)
  }

  async post(user: User, context: CommentContext, input: PostCommentInput): Promise<CommentRecord> {
    const markdown = await markdownFromBody(input.body)
    const target = input.page ? await this.pageTarget(context, input.page, input.node) : null
    const id = await db.transaction((trx) =>
      this.postWithin(trx, user, context, {
        markdown,
        page: input.page,
        node: input.node,
        pageDocument: target?.document,
      })
    )
    return this.find(db.connection(), context, id)
  }

  /**
   * Stores a comment of the context inside the caller's transaction (a review posts its comment
   * under its change request's lock) on the revision the context shows now. Returns its id.
   */
  async postWithin(
    trx: TransactionClientContract,
    user: User,
    context: CommentContext,
    comment: NewComment
  ) {
    const id = newId()
    await trx.table('comments').insert({
      id,
      space_id: context.access.space.id,
      change_request_id: context.changeRequest?.id ?? null,
      parent_id: null,
      review_id: comment.reviewId ?? null,
      posted_by_id: user.id,
      body: comment.markdown,
      revision_id: contextRevision(context),
      page_id: comment.page ?? null,
      page_document: comment.pageDocument ?? null,
      node_id: comment.node ?? null,
      status: 'open',
      replies_count: 0,
      posted_at: toSqlTimestamp(new Date()),
    })
    return id
  }

  /** The comments of the context with these ids (replies and other contexts' comments left out). */
  async findMany(context: CommentContext, commentIds: string[]): Promise<CommentRecord[]> {
    if (commentIds.length === 0) return []
    const rows = await this.inContext(this.baseQuery(db.connection()), context)
      .whereIn('c.id', commentIds)
      .whereNull('c.parent_id')
    return rows.map(commentFromRow)
  }

  /** Body, resolution and the caller's reactions, all or nothing. */
  async update(user: User, context: CommentContext, commentId: string, input: UpdateCommentInput) {
    const markdown = input.body === undefined ? undefined : await markdownFromBody(input.body)
    assertDistinctReactions(input)
    await db.transaction(async (trx) => {
      const comment = await this.find(trx, context, commentId, { lock: true })
      const now = toSqlTimestamp(new Date())
      const changes: Record<string, unknown> = {}
      if (markdown !== undefined) Object.assign(changes, { body: markdown, edited_at: now })
      if (input.resolved === true && comment.status !== 'resolved') {
        Object.assign(changes, { status: 'resolved', resolved_at: now, resolved_by_id: user.id })
      }
      if (input.resolved === false)
        Object.assign(changes, { status: 'open', resolved_at: null, resolved_by_id: null })
      if (Object.keys(changes).length > 0)
        await trx.from('comments').where('id', comment.id).update(changes)
      await this.react(trx, comment.id, user.id, input)
    })
    return this.find(db.connection(), context, commentId)
  }

  /** Deletes a comment with its replies and every reaction on them. */
  async delete(context: CommentContext, commentId: string) {
    await db.transaction(async (trx) => {
      const comment = await this.find(trx, context, commentId, { lock: true })
      const replies = trx.from('comments').where('parent_id', comment.id).select('id')
      await trx
        .from('comment_reactions')
        .where((q) => q.where('comment_id', comment.id).orWhereIn('comment_id', replies))
        .delete()
      // A review keeps its verdict when its comment goes.
      await trx
        .from('change_request_reviews')
        .where('comment_id', comment.id)
        .update({ comment_id: null })
      await trx.from('comments').where('parent_id', comment.id).delete()
      await trx.from('comments').where('id', comment.id).delete()
    })
  }

  async listReplies(comment: CommentRecord, input: ListQuery) {
    const query = this.baseQuery(db.connection()).where('c.parent_id', comment.id)
    const page = await paginate(query, {
      ...input,
      order: [
        { column: 'c.posted_at', key: 'posted_at' },
        { column: 'c.id', key: 'id' },
      ],
      direction: 'asc',
    })
    return { items: page.rows.map(commentFromRow), count: page.count, next: page.next }
  }

  async findReply(
    client: QueryClientContract,
    comment: CommentRecord,
    replyId: string,
    options: { lock?: boolean } = {}
  ) {
    if (isWellFormedId(replyId)) {
      if (options.lock) await this.lockRow(client, replyId)
      const row = await this.baseQuery(client)
        .where('c.id', replyId)
        .where('c.parent_id', comment.id)
        .first()
      if (row) return commentFromRow(row)
    }
    throw NotFoundException.resource('comment reply', replyId)
  }

  async reply(
    user: User,
    context: CommentContext,
    commentId: string,
    body: BodyInput
  ): Promise<CommentRecord> {
    const markdown = await markdownFromBody(body)
    const id = newId()
    const comment = await db.transaction(async (trx) => {
      const parent = await this.find(trx, context, commentId, { lock: true })
      await trx.table('comments').insert({
        id,
        space_id: parent.spaceId,
        change_request_id: parent.changeRequestId,
        parent_id: parent.id,
        posted_by_id: user.id,
        body: markdown,
        status: 'open',
        replies_count: 0,
        posted_at: toSqlTimestamp(new Date()),
      })
      await trx.from('comments').where('id', parent.id).increment('replies_count', 1)
      return parent
    })
    return this.findReply(db.connection(), comment, id)
  }

  async updateReply(
    user: User,
    context: CommentContext,
    commentId: string,
    replyId: string,
    input: UpdateCommentInput
  ) {
    const markdown = input.body === undefined ? undefined : await markdownFromBody(input.body)
    assertDistinctReactions(input)
    const comment = await db.transaction(async (trx) => {
      const parent = await this.find(trx, context, commentId)
      const reply = await this.findReply(trx, parent, replyId, { lock: true })
      if (markdown !== undefined) {
        await trx
          .from('comments')
          .where('id', reply.id)
          .update({ body: markdown, edited_at: toSqlTimestamp(new Date()) })
      }
      await this.react(trx, reply.id, user.id, input)
      return parent
    })
    return this.findReply(db.connection(), comment, replyId)
  }

  async deleteReply(context: CommentContext, commentId: string, replyId: string) {
    await db.transaction(async (trx) => {
      // The comment first: its reply count changes, and replies are locked after their comment.
      const parent = await this.find(trx, context, commentId, { lock: true })
      const reply = await this.findReply(trx, parent, replyId, { lock: true })
      await trx.from('comment_reactions').where('comment_id', reply.id).delete()
      await trx.from('comments').where('id', reply.id).delete()
      await trx.from('comments').where('id', parent.id).decrement('replies_count', 1)
    })
  }

  /**
   * The caller's reactions: one per emoji, so adding one twice (or removing one never given) changes
   * nothing.
   */
  private async react(
    trx: QueryClientContract,
    commentId: string,
    userId: string,
    input: UpdateCommentInput
  ) {
    const added = [...new Set((input.addedReactions ?? []).map(reactionKey))]
    if (added.length > 0) {
      const now = toSqlTimestamp(new Date())
      await trx
        .knexQuery()
        .table('comment_reactions')
        .insert(
          added.map((emoji) => ({ comment_id: commentId, user_id: userId, emoji, created_at: now }))
        )
        .onConflict(['comment_id', 'emoji', 'user_id'])
        .ignore()
    }
    if (input.removedReactions?.length) {
      await trx
        .from('comment_reactions')
        .where('comment_id', commentId)
        .where('user_id', userId)
        .whereIn('emoji', input.removedReactions.map(reactionKey))
        .delete()
    }
  }

  /**
   * The page a new comment targets, in the revision the context shows now (400 when it is not
   * there), and the heading `node` within it.
   */
  private async pageTarget(context: CommentContext, pageId: string, nodeId?: string) {
    const client = db.connection()
    const tree = await this.store.loadTree(
      client,
      context.access.space.id,
      contextRevision(context)
    )
    const page = tree.byId.get(pageId)
    if (!page) {
      throw BadRequestException.invalid({
        field: 'page',
        message: `No page with id "${pageId.slice(0, 64)}" in the revision the comment targets`,
        rule: 'exists',
      })
    }
    if (nodeId !== undefined) {
      const markdown = page.node.document
        ? await this.store.readDocument(client, tree.spaceId, page.node.document)
        : ''
      const headings = await documentHeadings(markdown)
      if (!headings.some((heading) => heading.id === nodeId)) {
        throw BadRequestException.invalid({
          field: 'node',
          message: `No heading with id "${nodeId.slice(0, 64)}" in the page`,
          rule: 'exists',
        })
      }
    }
    return { document: page.node.document ?? null }
  }

  /** Takes the row's write lock for the rest of the transaction (the row alone, not its joins). */
  private async lockRow(client: QueryClientContract, id: string) {
    await client.from('comments').where('id', id).forUpdate().select('id').first()
  }

  /**
   * The ids of the users who commented or replied in the context, as a subquery (`whereIn`).
   */
  commentersQuery(context: CommentContext) {
    return (sub: DatabaseQueryBuilderContract<any>) =>
      this.inContext(sub.from('comments as c'), context)
        .whereNotNull('c.posted_by_id')
        .select('c.posted_by_id')
  }

  private inContext<Q extends DatabaseQueryBuilderContract<any>>(
    query: Q,
    context: CommentContext
  ): Q {
    const changeRequest = context.changeRequest
    return query.where('c.space_id', context.access.space.id).if(
      changeRequest,
      (q) => q.where('c.change_request_id', changeRequest!.id),
      (q) => q.whereNull('c.change_request_id')
    ) as Q
  }

  private baseQuery(client: QueryClientContract) {
    return client
      .from('comments as c')
      .leftJoin('users as poster', 'poster.id', 'c.posted_by_id')
      .leftJoin('users as resolver', 'resolver.id', 'c.resolved_by_id')
      .select(COMMENT_COLUMNS)
  }
}

function assertDistinctReactions(input: UpdateCommentInput) {
  const removed = new Set(input.removedReactions ?? [])
  const both = (input.addedReactions ?? []).find((emoji) => removed.has(emoji))
  if (both) {
    throw BadRequestException.invalid({
      field: 'removedReactions',
      message: `${both} cannot be both added and removed in one request`,
      rule: 'distinct',
    })
  }
}
