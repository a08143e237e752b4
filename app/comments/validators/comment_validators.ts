import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { listQuery } from '#core/http/pagination'
import { singleEmoji } from '#core/http/validation'

/** Longest comment or reply body, in characters of markdown (after converting a JSON document). */
export const MAX_BODY_CHARACTERS = 20_000
/** Code points of one reaction emoji: what its stored key (reaction_keys.ts) holds. */
export const MAX_EMOJI_CODE_POINTS = 8
/** Reactions one request may add (and remove). */
export const MAX_REACTIONS_PER_REQUEST = 20

/**
 * A body as sent: `{markdown}` or GitBook's `{document}` (converted to markdown by markdownFromBody,
 * which also checks that it says something and stays within MAX_BODY_CHARACTERS). A review's
 * comment takes the same shape.
 */
export const commentBody = vine.object({
  // Generous bound on the raw input; the exact limit is checked on the markdown.
  markdown: vine
    .string()
    .maxLength(MAX_BODY_CHARACTERS * 2)
    .optional(),
  document: vine.any().optional(),
})

const pageId = vine.string().trim().minLength(1).maxLength(64)

/** Fields GitBook defines that Bindery does not support: sending one is a 400, never ignored. */
const unsupported = vine.createRule(
  (_value: unknown, options: { what: string }, field: FieldContext) => {
    field.report(
      `${options.what[0].toUpperCase()}${options.what.slice(1)} are not supported`,
      'unsupported',
      field
    )
  }
)

const reactions = vine
  .array(vine.string().use(singleEmoji({ maxCodePoints: MAX_EMOJI_CODE_POINTS })))
  .maxLength(MAX_REACTIONS_PER_REQUEST)

/** POST .../comments */
export const postCommentValidator = vine.compile(
  vine.object({
    body: commentBody,
    page: pageId.clone().optional(),
    node: vine.string().trim().minLength(1).maxLength(128).use(nodeNeedsPage()).optional(),
    tableCell: vine
      .any()
      .use(unsupported({ what: 'comments on table cells' }))
      .optional(),
  })
)

/** PUT .../comments/{commentId} */
export const updateCommentValidator = vine.compile(
  vine.object({
    body: commentBody.clone().optional(),
    resolved: vine.boolean({ strict: true }).optional(),
    addedReactions: reactions.clone().optional(),
    removedReactions: reactions.clone().optional(),
  })
)

/** POST .../replies */
export const postReplyValidator = vine.compile(vine.object({ body: commentBody }))

/** PUT .../replies/{commentReplyId} */
export const updateReplyValidator = vine.compile(
  vine.object({
    body: commentBody.clone().optional(),
    addedReactions: reactions.clone().optional(),
    removedReactions: reactions.clone().optional(),
  })
)

/** `format` of the bodies an answer carries. */
export const bodyFormat = vine.enum(['document', 'markdown'] as const).optional()

/** GET .../comments: `authors` arrives as a list (singleValuedQuery makes it one). */
export const listCommentsValidator = vine.compile(
  vine.object({
    ...listQuery,
    order: vine.enum(['asc', 'desc']).optional(),
    status: vine.enum(['all', 'open', 'resolved']).optional(),
    format: bodyFormat,
    targetPage: pageId.clone().optional(),
    authors: vine.array(vine.string().trim().minLength(1).maxLength(64)).maxLength(100).optional(),
  })
)

/** GET .../replies */
export const listRepliesValidator = vine.compile(vine.object({ ...listQuery, format: bodyFormat }))

/** Single reads and POST .../replies (`format` of the answer). */
export const formatQueryValidator = vine.compile(vine.object({ format: bodyFormat }))

function nodeNeedsPage() {
  return vine.createRule((_value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid) return
    if (typeof field.parent?.page !== 'string') {
      field.report(
        'The {{ field }} field needs a page: a node is found within a page',
        'requiredWith',
        field
      )
    }
  })()
}
