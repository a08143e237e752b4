import vine from '@vinejs/vine'

/**
 * GET /orgs/{id}/audit-events: GitBook's filters (an instant range and exact action, actor and
 * target ids) and its page size (1..100, default 20), with the keyset cursor of every list.
 */
export const AUDIT_PAGE_SIZE = 20
export const AUDIT_MAX_PAGE_SIZE = 100

export const auditEventsQueryValidator = vine.compile(
  vine.object({
    page: vine.string().trim().maxLength(1024).optional(),
    limit: vine.number().withoutDecimals().range([1, AUDIT_MAX_PAGE_SIZE]).optional(),
    from: vine.string().trim().maxLength(64).optional(),
    to: vine.string().trim().maxLength(64).optional(),
    action: vine.string().trim().maxLength(64).optional(),
    actor: vine.string().trim().maxLength(64).optional(),
    target: vine.string().trim().maxLength(64).optional(),
  })
)

export type AuditEventsQuery = {
  page?: string
  limit?: number
  from?: string
  to?: string
  action?: string
  actor?: string
  target?: string
}
