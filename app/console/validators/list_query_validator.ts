import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'

/**
 * Query of the console's lists: the same opaque keyset cursor (`page`) and `limit` as the API's.
 */
export const listQueryValidator = vine.compile(vine.object(listQuery))
