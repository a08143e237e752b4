import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { ROLES } from '#core/roles'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'
import { EDIT_MODES, SPACE_VISIBILITIES, SUPPORTED_MERGE_RULES } from '#spaces/records'

const title = vine
  .string()
  .trim()
  .minLength(1)
  .use(maxCharacters({ max: 50 }))
const emoji = vine
  .string()
  .trim()
  .minLength(1)
  .use(maxCharacters({ max: 50 }))
const id = vine.string().trim().minLength(1).maxLength(64)
const role = vine.enum(ROLES)

const pointer = vine.object({
  type: vine.enum(['space', 'collection'] as const),
  space: id.clone().optional().requiredWhen('type', '=', 'space'),
  collection: id.clone().optional().requiredWhen('type', '=', 'collection'),
})

/**
 * `position` of a move: exactly one of `before` / `after`, each naming a sibling space or collection.
 */
const position = vine.object({
  before: pointer.clone().optional(),
  after: pointer.clone().optional(),
})

/**
 * POST /v1/orgs/{organizationId}/spaces (GitBook's createSpace). `empty: true` is what Bindery does
 * anyway; templates and computed sources are not supported.
 */
export const createSpaceValidator = vine.compile(
  vine.object({
    title: title.clone().optional(),
    emoji: emoji.clone().optional(),
    parent: id.clone().optional(),
    editMode: vine.enum(EDIT_MODES).optional(),
    empty: vine.boolean({ strict: true }).optional(),
  })
)

/**
 * A merge rule Bindery enforces; GitBook's other rules are named as unsupported rather than
 * answered with a bare enum failure.
 */
const supportedMergeRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid) return
    if (!(SUPPORTED_MERGE_RULES as readonly unknown[]).includes(value)) {
      field.report(
        `The merge rule "${String(value).slice(0, 64)}" is not supported by this server (supported: ${SUPPORTED_MERGE_RULES.join(', ')})`,
        'unsupportedMergeRule',
        field
      )
    }
  }
)

/**
 * GitBook's MergeRulesSpaceConfiguration: `{type: 'inherit'}`, `{type: 'none'}` or
 * `{type: 'rules', rules: [{rule}]}` (`rules` counts only with type `rules`).
 */
const mergeRules = vine.object({
  type: vine.enum(['inherit', 'none', 'rules'] as const),
  rules: vine
    .array(vine.object({ rule: vine.string().use(supportedMergeRule()) }))
    .maxLength(20)
    .distinct('rule')
    .optional()
    .requiredWhen('type', '=', 'rules'),
})

export const NULLABLE_SPACE_FIELDS = ['emoji', 'defaultLevel'] as const

export const updateSpaceValidator = vine.compile(
  vine.object({
    title: title.clone().optional(),
    emoji: emoji.clone().nullable().optional(),
    editMode: vine.enum(EDIT_MODES).optional(),
    defaultLevel: role.clone().nullable().optional(),
    visibility: vine.enum(SPACE_VISIBILITIES).optional(),
    mergeRules: mergeRules.optional(),
  })
)

export const moveValidator = vine.compile(
  vine.object({
    parent: id.clone().nullable().optional(),
    position: position.optional(),
  })
)

export const transferSpaceValidator = vine.compile(
  vine.object({ organization: id.clone(), collection: id.clone().optional() })
)

export const showSpaceQueryValidator = vine.compile(
  vine.object({ shareKey: vine.string().maxLength(1024).optional() })
)

export const memberSpacesQueryValidator = vine.compile(
  vine.object({ ...listQuery, order: vine.enum(['asc', 'desc'] as const).optional() })
)

export const createCollectionValidator = vine.compile(
  vine.object({ title: title.clone().optional(), parent: id.clone().optional() })
)

export const NULLABLE_COLLECTION_FIELDS = ['description', 'defaultLevel'] as const

export const updateCollectionValidator = vine.compile(
  vine.object({
    title: title.clone().optional(),
    description: vine
      .string()
      .trim()
      .use(maxCharacters({ max: 100 }))
      .nullable()
      .optional(),
    defaultLevel: role.clone().nullable().optional(),
  })
)

export const listCollectionsQueryValidator = vine.compile(
  vine.object({ ...listQuery, nested: vine.boolean().optional() })
)

export const transferCollectionValidator = vine.compile(vine.object({ organization: id.clone() }))

/**
 * GitBook's InviteUsersAndTeams: `role` (null removes), and at least one of `users` / `teams`.
 */
export const inviteValidator = vine.compile(
  vine.object({
    role: role.clone().nullable(),
    users: vine.array(id.clone()).minLength(1).maxLength(1000).optional(),
    teams: vine.array(id.clone()).minLength(1).maxLength(1000).optional(),
  })
)

export const grantRoleValidator = vine.compile(vine.object({ role: role.clone().nullable() }))

export const aggregateQueryValidator = vine.compile(
  vine.object({ ...listQuery, role: role.clone().optional() })
)

/**
 * Fields of GitBook's request bodies that Bindery does not implement (templates, computed sources,
 * icons, languages): a 400 naming them, rather than a silent no-op.
 */
export const UNSUPPORTED_CREATE_SPACE_FIELDS = [
  'template',
  'computedSource',
  'language',
  'icon',
] as const
export const UNSUPPORTED_UPDATE_SPACE_FIELDS = ['icon', 'language'] as const
