import type { DateTime } from 'luxon'
import {
  prefixedUserColumns,
  userFromPrefixedRow,
  type UserRecord,
} from '#accounts/serializers/user_serializer'
import { fromSqlTimestamp } from '#core/database/timestamps'

export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/**
 * A user asked to review a change request, as of the head revision it had when asked.
 */
export interface RequestedReviewerRecord {
  changeRequestId: string
  user: UserRecord
  requestedBy: UserRecord | null
  revisionId: string
  createdAt: DateTime
}

/**
 * A review of a change request's head revision. `outdated`: the head moved past the reviewed
 * revision, or the same reviewer reviewed again since.
 */
export interface ReviewRecord {
  id: string
  spaceId: string
  changeRequestId: string
  reviewer: UserRecord
  requestedBy: UserRecord | null
  status: ReviewStatus
  revisionId: string
  /** The comment posted with the review; null when none was, or it was deleted since. */
  commentId: string | null
  outdated: boolean
  createdAt: DateTime
  updatedAt: DateTime
}

export const REQUESTED_REVIEWER_COLUMNS = [
  'rr.change_request_id',
  'rr.user_id',
  'rr.revision_id',
  'rr.created_at',
  ...prefixedUserColumns('reviewer'),
  ...prefixedUserColumns('requester'),
]

export function requestedReviewerFromRow(row: Record<string, any>): RequestedReviewerRecord {
  return {
    changeRequestId: row.change_request_id,
    user: userFromPrefixedRow(row, 'reviewer')!,
    requestedBy: userFromPrefixedRow(row, 'requester'),
    revisionId: row.revision_id,
    createdAt: fromSqlTimestamp(row.created_at)!,
  }
}

export const REVIEW_COLUMNS = [
  'r.id',
  'r.change_request_id',
  'r.status',
  'r.revision_id',
  'r.comment_id',
  'r.created_at',
  'r.updated_at',
  ...prefixedUserColumns('reviewer'),
  ...prefixedUserColumns('requester'),
]

/**
 * `headRevisionId`: the change request's head now; `later_reviews` (selected by the query) counts the
 * reviewer's reviews submitted after this one.
 */
export function reviewFromRow(
  row: Record<string, any>,
  spaceId: string,
  headRevisionId: string
): ReviewRecord {
  return {
    id: row.id,
    spaceId,
    changeRequestId: row.change_request_id,
    reviewer: userFromPrefixedRow(row, 'reviewer')!,
    requestedBy: userFromPrefixedRow(row, 'requester'),
    status: row.status,
    revisionId: row.revision_id,
    commentId: row.comment_id ?? null,
    outdated: row.revision_id !== headRevisionId || Number(row.later_reviews) > 0,
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}
