import type { DateTime } from 'luxon'
import type { Role, RoleOrGuest } from '#core/roles'
import { fromSqlTimestamp } from '#core/database/timestamps'

export const SPACE_VISIBILITIES = [
  'public',
  'unlisted',
  'share-link',
  'visitor-auth',
  'in-collection',
  'private',
] as const
export type SpaceVisibility = (typeof SPACE_VISIBILITIES)[number]

export const EDIT_MODES = ['live', 'locked'] as const
export type EditMode = (typeof EDIT_MODES)[number]

/**
 * The merge rules Bindery enforces (GitBook's MergeRule names); GitBook's other rules (specific
 * reviewers, bypass, agent review, custom expressions...) are refused when configured.
 */
export const SUPPORTED_MERGE_RULES = [
  'require_at_least_one_approved_review',
  'require_all_reviews_approved',
  'require_up_to_date_change_request',
  'require_change_request_subject',
] as const
export type MergeRuleName = (typeof SUPPORTED_MERGE_RULES)[number]

/**
 * A space's own merge rules (GitBook's MergeRulesStandaloneConfiguration); a space without any
 * inherits its organization's (`{type: 'inherit'}` on the wire), which are none.
 */
export type MergeRules = { type: 'none' } | { type: 'rules'; rules: Array<{ rule: MergeRuleName }> }

/**
 * `spaces.merge_rules` as stored (JSON text, null: inherit).
 */
export function mergeRulesFromColumn(value: unknown): MergeRules | null {
  if (typeof value !== 'string' || value === '') return null
  const parsed = JSON.parse(value)
  if (parsed?.type === 'none') return { type: 'none' }
  if (parsed?.type === 'rules' && Array.isArray(parsed.rules)) {
    const rules = parsed.rules.filter((entry: any) => SUPPORTED_MERGE_RULES.includes(entry?.rule))
    return { type: 'rules', rules: rules.map((entry: any) => ({ rule: entry.rule })) }
  }
  return null
}

/**
 * A space as stored, read from a plain row (no model hydration on reads).
 */
export type SpaceRecord = {
  id: string
  organizationId: string
  parentId: string | null
  title: string
  emoji: string | null
  visibility: SpaceVisibility
  editMode: EditMode
  defaultLevel: RoleOrGuest
  revisionId: string
  position: number
  /** Null: inherited from the organization. */
  mergeRules: MergeRules | null
  createdAt: DateTime
  updatedAt: DateTime
  deletedAt: DateTime | null
}

export type CollectionRecord = {
  id: string
  organizationId: string
  parentId: string | null
  title: string
  description: string | null
  defaultLevel: RoleOrGuest
  position: number
  createdAt: DateTime
  updatedAt: DateTime
}

/**
 * A record as one caller sees it: `role` is the caller's effective role on it (never null: a record
 * the caller has no role on is not found), from which policies and `permissions` are computed.
 */
export type SpaceAccess = { space: SpaceRecord; role: Role; organizationRole: RoleOrGuest }
export type CollectionAccess = {
  collection: CollectionRecord
  role: Role
  organizationRole: RoleOrGuest
}

export const SPACE_COLUMNS = [
  's.id',
  's.organization_id',
  's.parent_id',
  's.title',
  's.emoji',
  's.visibility',
  's.edit_mode',
  's.default_level',
  's.revision_id',
  's.position',
  's.merge_rules',
  's.created_at',
  's.updated_at',
  's.deleted_at',
]

export const COLLECTION_COLUMNS = [
  'c.id',
  'c.organization_id',
  'c.parent_id',
  'c.title',
  'c.description',
  'c.default_level',
  'c.position',
  'c.created_at',
  'c.updated_at',
]

export function spaceFromRow(row: Record<string, any>): SpaceRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id ?? null,
    title: row.title,
    emoji: row.emoji ?? null,
    visibility: row.visibility,
    editMode: row.edit_mode,
    defaultLevel: row.default_level ?? null,
    revisionId: row.revision_id,
    position: Number(row.position),
    mergeRules: mergeRulesFromColumn(row.merge_rules),
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
    deletedAt: fromSqlTimestamp(row.deleted_at),
  }
}

export function collectionFromRow(row: Record<string, any>): CollectionRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    parentId: row.parent_id ?? null,
    title: row.title,
    description: row.description ?? null,
    defaultLevel: row.default_level ?? null,
    position: Number(row.position),
    createdAt: fromSqlTimestamp(row.created_at)!,
    updatedAt: fromSqlTimestamp(row.updated_at)!,
  }
}
