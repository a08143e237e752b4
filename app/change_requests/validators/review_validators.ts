import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'
import { REVIEW_STATUSES } from '#change_requests/review_records'

/** Reviewers one request may name. */
export const MAX_REQUESTED_REVIEWERS = 50

/** Fields of GitBook's request bodies Bindery does not take (change request descriptions). */
export const UNSUPPORTED_REQUEST_REVIEWERS_FIELDS = ['description'] as const

/** POST .../change-requests/{changeRequestId}/requested-reviewers */
export const requestReviewersValidator = vine.compile(
  vine.object({
    users: vine
      .array(vine.string().trim().minLength(1).maxLength(64))
      .minLength(1)
      .maxLength(MAX_REQUESTED_REVIEWERS),
    subject: vine
      .string()
      .trim()
      .use(maxCharacters({ max: 100 }))
      .optional(),
  })
)

/**
 * A review's comment as sent: `{markdown}` or GitBook's `{document}`, bounded generously here; the
 * comments domain checks it exactly (ReviewComments.markdownOf).
 */
const reviewComment = vine.object({
  markdown: vine.string().maxLength(40_000).optional(),
  document: vine.any().optional(),
})

/** `format` of the review comments' bodies in an answer. */
const bodyFormat = vine.enum(['document', 'markdown'] as const).optional()

/** POST .../change-requests/{changeRequestId}/reviews: `comment` is a comment body (GitBook's Document). */
export const submitReviewValidator = vine.compile(
  vine.object({ status: vine.enum(REVIEW_STATUSES), comment: reviewComment.optional() })
)

/** GET .../change-requests/{changeRequestId}/reviews */
export const listReviewsValidator = vine.compile(
  vine.object({ ...listQuery, outdated: vine.boolean().optional(), format: bodyFormat })
)

/** GET .../change-requests/{changeRequestId}/reviews/{reviewId}; `format` shapes the body of its comment. */
export const showReviewValidator = vine.compile(vine.object({ format: bodyFormat }))
