import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { LRUCache } from 'lru-cache'
import type User from '#accounts/models/user'
import { userFromRow, type UserRow } from '#accounts/serializers/user_serializer'
import { isoTimestamp } from '#core/database/timestamps'
import ContentStore from '#content/services/content_store'
import { documentHeadings } from '#content/services/page_derivation'
import type { RevisionTree, TreePage } from '#content/types'
import { contextRevision, type CommentContext, type CommentRecord } from '#comments/records'
import { prepareBodies, type BodyFormat } from '#comments/services/comment_body'
import { emojiOfKey } from '#comments/services/reaction_keys'
import {
  serializeComment,
  serializeReply,
  type CommentExtras,
  type Reaction,
  type Replier,
  type TargetPage,
} from '#comments/serializers/comment_serializer'

/** Heading texts by anchor id, per document hash: documents never change, so neither do these. */
const headingsByDocument = new LRUCache<string, Map<string, string>>({ max: 5_000 })

/**
 * Comments and replies on the wire. What they carry beyond their rows (reactions, repliers, the
 * target page as the context shows it now, the heading's text) is loaded for the whole list at once:
 * a fixed number of queries whatever the number of comments.
 */
@inject()
export default class CommentPresenter {
  constructor(private store: ContentStore) {}

  async comments(
    records: CommentRecord[],
    context: CommentContext,
    caller: User,
    format: BodyFormat = 'markdown'
  ) {
    const ids = records.map((record) => record.id)
    const [reactions, repliers, targets] = await Promise.all([
      this.reactionsOf(ids),
      this.repliersOf(ids),
      this.targetsOf(records, context),
      prepareBodies(
        records.map((record) => record.body),
        format
      ),
    ])
    return records.map((record) => {
      const extras: CommentExtras = {
        reactions: reactions.get(record.id) ?? [],
        repliers: repliers.get(record.id) ?? [],
        ...targets.get(record.id),
      }
      return serializeComment(record, context, caller, extras, format)
    })
  }

  async comment(record: CommentRecord, context: CommentContext, caller: User, format?: BodyFormat) {
    const [comment] = await this.comments([record], context, caller, format)
    return comment
  }

  async replies(
    records: CommentRecord[],
    context: CommentContext,
    caller: User,
    format: BodyFormat = 'markdown'
  ) {
    const [reactions] = await Promise.all([
      this.reactionsOf(records.map((record) => record.id)),
      prepareBodies(
        records.map((record) => record.body),
        format
      ),
    ])
    return records.map((record) =>
      serializeReply(record, context, caller, reactions.get(record.id) ?? [], format)
    )
  }

  async reply(record: CommentRecord, context: CommentContext, caller: User, format?: BodyFormat) {
    const [reply] = await this.replies([record], context, caller, format)
    return reply
  }

  /** Reactions per comment, each emoji in the order of its first reaction, its users in theirs. */
  private async reactionsOf(commentIds: string[]): Promise<Map<string, Reaction[]>> {
    const byComment = new Map<string, Reaction[]>()
    if (commentIds.length === 0) return byComment
    const rows = await db
      .from('comment_reactions as r')
      .join('users as u', 'u.id', 'r.user_id')
      .whereIn('r.comment_id', commentIds)
      .orderBy('r.created_at', 'asc')
      .orderBy('r.emoji', 'asc')
      .orderBy('r.user_id', 'asc')
      .select(
        'r.comment_id',
        'r.emoji',
        'r.created_at',
        'u.id',
        'u.email',
        'u.display_name',
        'u.photo_url'
      )
    for (const row of rows) {
      const reactions = byComment.get(row.comment_id) ?? []
      byComment.set(row.comment_id, reactions)
      const emoji = emojiOfKey(row.emoji)
      let reaction = reactions.find((candidate) => candidate.emoji === emoji)
      if (!reaction) reactions.push((reaction = { emoji, users: [] }))
      reaction.users.push({
        user: userFromRow(row as UserRow),
        reactedAt: isoTimestamp(row.created_at)!,
      })
    }
    return byComment
  }

  /** Who replied to each comment, how often and when last; the latest first. */
  private async repliersOf(commentIds: string[]): Promise<Map<string, Replier[]>> {
    const byComment = new Map<string, Replier[]>()
    if (commentIds.length === 0) return byComment
    const rows = await db
      .from('comments as c')
      .join('users as u', 'u.id', 'c.posted_by_id')
      .whereIn('c.parent_id', commentIds)
      .groupBy('c.parent_id', 'u.id', 'u.email', 'u.display_name', 'u.photo_url')
      .select('c.parent_id', 'u.id', 'u.email', 'u.display_name', 'u.photo_url')
      .count('* as total')
      .max('c.posted_at as last_at')
    for (const row of rows) {
      const repliers = byComment.get(row.parent_id) ?? []
      byComment.set(row.parent_id, repliers)
      repliers.push({
        user: userFromRow(row as UserRow),
        count: Number(row.total),
        updatedAt: isoTimestamp(row.last_at)!,
      })
    }
    for (const repliers of byComment.values()) {
      repliers.sort(
        (a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.user.id.localeCompare(b.user.id)
      )
    }
    return byComment
  }

  /**
   * The target page of each comment as the context shows it now (space: its current revision;
   * change request: its head): outdated when its document differs from the one commented on, or
   * when it is gone (its fields then come from the revision the comment was posted on). And the
   * heading's text, from the document commented on.
   */
  private async targetsOf(records: CommentRecord[], context: CommentContext) {
    const targets = new Map<string, Pick<CommentExtras, 'page' | 'node'>>()
    const onPages = records.filter((record) => record.pageId)
    if (onPages.length === 0) return targets
    const client = db.connection()
    const spaceId = context.access.space.id
    const current = await this.store.loadTree(client, spaceId, contextRevision(context))
    const posted = new Map<string, RevisionTree>()
    const headings = await this.headingsOf(
      spaceId,
      onPages
        .filter((record) => record.nodeId && record.pageDocument)
        .map((record) => record.pageDocument!)
    )
    for (const record of onPages) {
      let page = current.byId.get(record.pageId!)
      let outdated = !page || (page.node.document ?? null) !== record.pageDocument
      if (!page && record.revisionId) {
        if (!posted.has(record.revisionId)) {
          posted.set(
            record.revisionId,
            await this.store.loadTree(client, spaceId, record.revisionId)
          )
        }
        page = posted.get(record.revisionId)!.byId.get(record.pageId!)
        outdated = true
      }
      const target: Pick<CommentExtras, 'page' | 'node'> = {
        page: page ? targetPage(page, outdated) : undefined,
      }
      if (record.nodeId) {
        const preview = record.pageDocument
          ? headings.get(record.pageDocument)?.get(record.nodeId)
          : undefined
        target.node = { id: record.nodeId, preview: preview ?? '' }
      }
      targets.set(record.id, target)
    }
    return targets
  }

  private async headingsOf(spaceId: string, documentHashes: string[]) {
    const found = new Map<string, Map<string, string>>()
    const missing: string[] = []
    for (const hash of new Set(documentHashes)) {
      const cached = headingsByDocument.get(hash)
      if (cached) found.set(hash, cached)
      else missing.push(hash)
    }
    if (missing.length === 0) return found
    const documents = await this.store.readDocuments(db.connection(), spaceId, missing)
    for (const hash of missing) {
      const headings = await documentHeadings(documents.get(hash) ?? '')
      const titles = new Map(headings.map((heading) => [heading.id, heading.title]))
      headingsByDocument.set(hash, titles)
      found.set(hash, titles)
    }
    return found
  }
}

function targetPage(page: TreePage, outdated: boolean): TargetPage {
  return {
    id: page.node.id,
    title: page.node.title,
    ...(page.node.emoji ? { emoji: page.node.emoji } : {}),
    ...(page.node.icon ? { icon: page.node.icon } : {}),
    createdAt: page.node.createdAt,
    updatedAt: page.node.updatedAt,
    path: page.path,
    outdated,
  }
}
