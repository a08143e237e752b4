import {
  prefixedUserColumns,
  userFromPrefixedRow,
  type UserRecord,
} from '#accounts/serializers/user_serializer'
import { fromSqlTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import type { DateTime } from 'luxon'
import type { RevisionTree } from '#content/types'

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number]

/** A page an update left in conflict, as the change request's head names it. */
export interface ConflictPage {
  id: string
  title: string
  path: string
}

/** The pages of `tree` among `pageIds` (in that order) with their title and path; gone pages are skipped. */
export function conflictPagesIn(tree: RevisionTree, pageIds: string[]): ConflictPage[] {
  return pageIds.flatMap((id) => {
    const page = tree.byId.get(id)
    return page ? [{ id, title: page.node.title, path: page.path }] : []
  })
}

/**
 * The space revision a change request branches from now: its last update from the space, else the
 * revision it was created from. Merges are three-way against it; `outdated` compares the space to it.
 */
export function changeRequestBase(changeRequest: {
  revisionMergedAncestorId: string | null
  revisionInitialId: string
}): string {
  return changeRequest.revisionMergedAncestorId ?? changeRequest.revisionInitialId
}

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
  /** Page ids an update left in conflict (`change_requests.conflicts`), in the order it found them. */
  conflictPageIds: string[]
  /** The same pages with their title and path in the head revision (resolved by ChangeRequestService). */
  conflicts: ConflictPage[]
  createdAt: DateTime
  updatedAt: DateTime
  /** Open comments of the change request (not replies). */
  openComments: number
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
  'cr.conflicts',
  'cr.created_at',
  'cr.updated_at',
  ...prefixedUserColumns('creator'),
  ...prefixedUserColumns('merger'),
  // Counted in the same query, on the comments index (space, change request, parent).
  (sub: any) =>
    sub
      .from('comments as cm')
      .whereColumn('cm.space_id', 'cr.space_id')
      .whereColumn('cm.change_request_id', 'cr.id')
      .whereNull('cm.parent_id')
      .where('cm.status', 'open')
      .count('* as n')
      .as('open_comments'),
]

export function changeRequestFromRow(row: any): ChangeRequestRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    number: Number(row.number),
    status: row.status,
    subject: row.subject,
    agentTaskId: row.agent_task_id,
    createdBy: userFromPrefixedRow(row, 'creator'),
    revisionId: row.revision_id,
    revisionInitialId: row.revision_initial_id,
    revisionMergedAncestorId: row.revision_merged_ancestor_id,
    revisionMergedId: row.revision_merged_id,
    mergedBy: userFromPrefixedRow(row, 'merger'),
    mergedAt: fromSqlTimestamp(row.merged_at),
    conflictPageIds: parseJson<string[]>(row.conflicts) ?? [],
    conflicts: [],
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
    openComments: Number(row.open_comments ?? 0),
  }
}
