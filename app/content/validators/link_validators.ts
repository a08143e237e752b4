import vine from '@vinejs/vine'
import { listQuery, listQueryValidator } from '#core/http/pagination'
import { LINK_STATUSES } from '#content/services/link_analysis'

/** GET .../links and GET .../content/page/{pageId}/links */
export const listLinksValidator = vine.compile(
  vine.object({
    ...listQuery,
    status: vine.enum(LINK_STATUSES).optional(),
  })
)

/** GET .../content/files/{fileId}/backlinks */
export const listBacklinksValidator = listQueryValidator
