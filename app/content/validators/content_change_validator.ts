import vine from '@vinejs/vine'
import { maxCharacters } from '#core/http/validation'

/** Batches are at most this long (GitBook's limit). */
export const MAX_CHANGES = 50

const pageId = vine.string().trim().minLength(1).maxLength(64)
const ref = vine.string().minLength(1).maxLength(256)

/**
 * A page document: markdown (stored as is), a GitBook JSON document (checked and converted to
 * markdown by the applier, which names the change when it is malformed) or an empty object.
 */
/** A page's markdown, as a batch may write it (the console's editor holds it to the same). */
export const pageMarkdown = vine.string().maxLength(1_000_000)

/** A page's title and emoji, as a batch may set them (the console's forms hold them to the same). */
export const pageTitle = vine
  .string()
  .trim()
  .minLength(1)
  .use(maxCharacters({ max: 255 }))
export const pageEmoji = vine
  .string()
  .trim()
  .use(maxCharacters({ max: 50 }))

const document = vine.object({
  markdown: pageMarkdown.clone().optional(),
  document: vine.any().optional(),
})

/** RevisionPageUpdate: metadata an insert or update may set. */
const metadata = {
  title: pageTitle.clone().optional(),
  slug: vine
    .string()
    .trim()
    .minLength(1)
    .use(maxCharacters({ max: 100 }))
    .optional(),
  emoji: pageEmoji.clone().optional(),
  icon: vine
    .string()
    .trim()
    .use(maxCharacters({ max: 50 }))
    .optional(),
  description: vine
    .string()
    .trim()
    .use(maxCharacters({ max: 1000 }))
    .optional(),
  hidden: vine.boolean({ strict: true }).optional(),
  noIndex: vine.boolean({ strict: true }).optional(),
  noRobotsIndex: vine.boolean({ strict: true }).optional(),
  condition: vine
    .string()
    .trim()
    .use(maxCharacters({ max: 1024 }))
    .optional(),
}

const position = vine.number().withoutDecimals().min(0).max(100_000).optional()

const insertPage = vine.object({
  operation: vine.literal('insert_page'),
  ...metadata,
  document,
  into: pageId.clone().optional(),
  at: position,
  ref: ref.clone().optional(),
})

const updatePage = vine.object({
  operation: vine.literal('update_page'),
  page: pageId.clone(),
  ...metadata,
  document: document.clone().optional(),
  into: pageId.clone().nullable().optional(),
  at: position,
})

const deletePage = vine.object({ operation: vine.literal('delete_page'), page: pageId.clone() })

const revertPage = vine.object({
  operation: vine.literal('revert_page'),
  page: pageId.clone(),
  revision: pageId.clone().optional(),
  block: vine.array(vine.string().maxLength(256)).maxLength(1000).optional(),
})

const file = vine.object({
  ref: ref.clone().optional(),
  name: vine
    .string()
    .trim()
    .minLength(1)
    .use(maxCharacters({ max: 256 })),
  contentType: vine
    .string()
    .trim()
    .minLength(3)
    .maxLength(255)
    .regex(/^[\w.+-]+\/[\w.+-]+/)
    .optional(),
  url: vine
    .string()
    .url({ protocols: ['http', 'https'], require_tld: false })
    .maxLength(2048)
    .optional(),
  // ~1 MB decoded; the applier checks the exact size and the alphabet.
  base64: vine.string().maxLength(1_400_000).optional(),
})

const insertFiles = vine.object({
  operation: vine.literal('insert_files'),
  files: vine.array(file).minLength(1).maxLength(20),
})

const change = vine
  .union([
    vine.union.if(
      (value) => vine.helpers.isObject(value) && value.operation === 'insert_page',
      insertPage
    ),
    vine.union.if(
      (value) => vine.helpers.isObject(value) && value.operation === 'update_page',
      updatePage
    ),
    vine.union.if(
      (value) => vine.helpers.isObject(value) && value.operation === 'delete_page',
      deletePage
    ),
    vine.union.if(
      (value) => vine.helpers.isObject(value) && value.operation === 'revert_page',
      revertPage
    ),
    vine.union.if(
      (value) => vine.helpers.isObject(value) && value.operation === 'insert_files',
      insertFiles
    ),
  ])
  .otherwise((_value, field) => {
    field.report(
      'The {{ field }} change must have an operation: insert_page, update_page, delete_page, revert_page or insert_files',
      'operation',
      field
    )
  })

/** POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content */
export const contentChangesValidator = vine.compile(
  vine.object({ changes: vine.array(change).minLength(1).maxLength(MAX_CHANGES) })
)

export const contentChangesQueryValidator = vine.compile(
  vine.object({ compat: vine.boolean().optional() })
)
