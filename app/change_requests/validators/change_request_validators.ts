import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'
import { CHANGE_REQUEST_STATUSES } from '#change_requests/records'

const subject = vine
  .string()
  .trim()
  .use(maxCharacters({ max: 100 }))
const userId = vine.string().trim().minLength(1).maxLength(64)

/** POST /v1/spaces/{spaceId}/change-requests */
export const createChangeRequestValidator = vine.compile(
  vine.object({
    subject: subject.clone().optional(),
    agentTaskId: vine.string().trim().minLength(1).maxLength(255).optional(),
  })
)

/** GET /v1/spaces/{spaceId}/change-requests */
export const listChangeRequestsValidator = vine.compile(
  vine.object({
    ...listQuery,
    status: vine.enum(CHANGE_REQUEST_STATUSES).optional(),
    contributor: userId.clone().optional(),
    creator: userId.clone().optional(),
  })
)

/**
 * PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}. `merged` passes validation so that
 * the service can refuse it with the reason (only merging merges).
 */
export const updateChangeRequestValidator = vine.compile(
  vine.object({
    subject: subject.clone().optional(),
    status: vine.enum(CHANGE_REQUEST_STATUSES).optional(),
  })
)

/** GitBook fields of the PATCH body that this server does not keep. */
export const UNSUPPORTED_CHANGE_REQUEST_FIELDS = ['description', 'links'] as const
