import vine from '@vinejs/vine'
import { ROLES } from '#core/roles'
import { listQuery } from '#core/http/pagination'

const title = vine.string().trim().maxLength(256)

/**
 * GET /orgs/{id}/members. `sort: name` of GitBook's enum is not offered: names sort differently on
 * SQLite and MySQL collations.
 */
export const listMembersQueryValidator = vine.compile(
  vine.object({
    ...listQuery,
    order: vine.enum(['asc', 'desc'] as const).optional(),
    role: vine.enum([...ROLES, 'guest'] as const).optional(),
    search: vine.string().trim().maxLength(256).optional(),
    sort: vine.enum(['joinedAt', 'lastSeenAt'] as const).optional(),
  })
)

/**
 * PATCH /orgs/{id}/members/{userId}: `role` is required; null makes the member a guest.
 */
export const updateMemberValidator = vine.compile(
  vine.object({
    role: vine.enum(ROLES).nullable(),
  })
)

/**
 * GET /orgs/{id}/members/{userId}/teams.
 */
export const listMemberTeamsQueryValidator = vine.compile(
  vine.object({
    ...listQuery,
    title: title.clone().optional(),
  })
)
