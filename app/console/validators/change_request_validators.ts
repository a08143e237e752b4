import vine from '@vinejs/vine'
import { CHANGE_REQUEST_STATUSES } from '#change_requests/records'

/**
 * A space page's change request filter (`?status=`): one of the API's statuses, or every status
 * when absent or empty.
 */
export const changeRequestFilterValidator = vine.compile(
  vine.object({
    status: vine.enum(CHANGE_REQUEST_STATUSES).optional(),
  })
)
