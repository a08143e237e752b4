import type { DateTime } from 'luxon'
import {
  prefixedUserColumns,
  userFromPrefixedRow,
  type UserRecord,
} from '#accounts/serializers/user_serializer'
import { fromSqlTimestamp } from '#core/database/timestamps'
import type { SpaceAccess } from '#spaces/records'
import type { ChangeRequestRecord } from '#change_requests/records'

export const COMMENT_STATUSES = ['open', 'resolved'] as const
export type CommentStatus = (typeof COMMENT_STATUSES)[number]

/**
 * Where comments live, as one caller sees it: the space's own discussions, or those of one of its
 * change requests. Comments of one context are never found through another.
 */
export interface CommentContext {
  access: SpaceAccess
  changeRequest?: ChangeRequestRecord
}

/** The revision a context's comments target now: the space's current one, or the change request's head. */
export function contextRevision(context: CommentContext): string {
  return context.changeRequest ? context.changeRequest.revisionId : context.access.space.revisionId
}

/** A comment or a reply (`parentId` set) as stored, with its author and resolver. */
export interface CommentRecord {
  id: string
  spaceId: string
  changeRequestId: string | null
  parentId: string | null
  reviewId: string | null
  postedBy: UserRecord | null
  /** Markdown. */
  body: string
  revisionId: string | null
  pageId: string | null
  /** Hash of the page's document when the comment was posted. */
  pageDocument: string | null
  nodeId: string | null
  status: CommentStatus
  resolvedAt: DateTime | null
  resolvedBy: UserRecord | null
  replies: number
  postedAt: DateTime
  editedAt: DateTime | null
}

/** Columns of a comment row joined with its author (`poster`) and resolver (`resolver`). */
export const COMMENT_COLUMNS = [
  'c.id',
  'c.space_id',
  'c.change_request_id',
  'c.parent_id',
  'c.review_id',
  'c.body',
  'c.revision_id',
  'c.page_id',
  'c.page_document',
  'c.node_id',
  'c.status',
  'c.resolved_at',
  'c.replies_count',
  'c.posted_at',
  'c.edited_at',
  ...prefixedUserColumns('poster'),
  ...prefixedUserColumns('resolver'),
]

export function commentFromRow(row: any): CommentRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    changeRequestId: row.change_request_id ?? null,
    parentId: row.parent_id ?? null,
    reviewId: row.review_id ?? null,
    postedBy: userFromPrefixedRow(row, 'poster'),
    body: row.body,
    revisionId: row.revision_id ?? null,
    pageId: row.page_id ?? null,
    pageDocument: row.page_document ?? null,
    nodeId: row.node_id ?? null,
    status: row.status,
    resolvedAt: fromSqlTimestamp(row.resolved_at),
    resolvedBy: userFromPrefixedRow(row, 'resolver'),
    replies: Number(row.replies_count ?? 0),
    postedAt: fromSqlTimestamp(row.posted_at)!,
    editedAt: fromSqlTimestamp(row.edited_at),
  }
}
