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
    subject: vine.string().trim().use(maxCharacters({ max: 100 })).optional(),
  })
)

/** A review's comment waits for the comments domain. */
export const UNSUPPORTED_REVIEW_FIELDS = ['comment'] as const

/** POST .../change-requests/{changeRequestId}/reviews */
export const submitReviewValidator = vine.compile(vine.object({ status: vine.enum(REVIEW_STATUSES) }))

/**
 * `format` only shapes a review's comment, which reviews do not carry yet: accepted and checked.
 */
const format = vine.enum(['document', 'markdown'] as const).optional()

/** GET .../change-requests/{changeRequestId}/reviews */
export const listReviewsValidator = vine.compile(
  vine.object({ ...listQuery, outdated: vine.boolean().optional(), format })
)

/** GET .../change-requests/{changeRequestId}/reviews/{reviewId} */
export const showReviewValidator = vine.compile(vine.object({ format }))
