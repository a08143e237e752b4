import type { UserRecord } from '#accounts/serializers/user_serializer'
import { fromSqlTimestamp } from '#core/database/timestamps'
import type { DateTime } from 'luxon'

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number]

export interface ChangeRequestRecord {
  id: string
  spaceId: string
  number: number
  status: ChangeRequestStatus
  subject: string | null
  agentTaskId: string | null
  createdBy: UserRecord | null
  revisionId: string
  revisionInitialId: string
  revisionMergedAncestorId: string | null
  revisionMergedId: string | null
  mergedBy: UserRecord | null
  mergedAt: DateTime | null
  createdAt: DateTime
  updatedAt: DateTime
}

/** Columns of a change request row joined with its creator and merger (aliases `creator`, `merger`). */
export const CHANGE_REQUEST_COLUMNS = [
  'cr.id',
  'cr.space_id',
  'cr.number',
  'cr.status',
  'cr.subject',
  'cr.agent_task_id',
  'cr.revision_id',
  'cr.revision_initial_id',
  'cr.revision_merged_ancestor_id',
  'cr.revision_merged_id',
  'cr.merged_at',
  'cr.created_at',
  'cr.updated_at',
  'creator.id as creator_id',
  'creator.email as creator_email',
  'creator.display_name as creator_display_name',
  'creator.photo_url as creator_photo_url',
  'merger.id as merger_id',
  'merger.email as merger_email',
  'merger.display_name as merger_display_name',
  'merger.photo_url as merger_photo_url',
]

/** The user joined under `prefix` (columns `<prefix>_id`, `<prefix>_email`, ...), if any. */
export function userOf(row: any, prefix: string): UserRecord | null {
  if (!row[`${prefix}_id`]) return null
  return {
    id: row[`${prefix}_id`],
    email: row[`${prefix}_email`],
    displayName: row[`${prefix}_display_name`],
    photoUrl: row[`${prefix}_photo_url`],
  }
}

export function changeRequestFromRow(row: any): ChangeRequestRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    number: Number(row.number),
    status: row.status,
    subject: row.subject,
    agentTaskId: row.agent_task_id,
    createdBy: userOf(row, 'creator'),
    revisionId: row.revision_id,
    revisionInitialId: row.revision_initial_id,
    revisionMergedAncestorId: row.revision_merged_ancestor_id,
    revisionMergedId: row.revision_merged_id,
    mergedBy: userOf(row, 'merger'),
    mergedAt: fromSqlTimestamp(row.merged_at),
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}
