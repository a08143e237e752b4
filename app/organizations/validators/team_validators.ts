import vine from '@vinejs/vine'
import { maxCharacters } from '#core/http/validation'
import { listQuery } from '#core/http/pagination'
import { TEAM_ROLES } from '#organizations/models/team_member'

/**
 * Team titles: 1 to 64 characters, surrounding spaces trimmed.
 */
const title = vine
  .string()
  .trim()
  .minLength(1)
  .use(maxCharacters({ max: 64 }))

/**
 * A user named by id or e-mail address (the longest address is 254 characters).
 */
const userIdentifier = vine.string().trim().minLength(1).maxLength(254)

export const listTeamsQueryValidator = vine.compile(
  vine.object({
    ...listQuery,
    owner: vine.string().trim().maxLength(254).optional(),
    title: vine.string().trim().maxLength(256).optional(),
  })
)

/**
 * PUT /orgs/{id}/teams.
 */
export const createTeamValidator = vine.compile(
  vine.object({
    title,
    members: vine.array(userIdentifier.clone()).maxLength(1000).optional(),
  })
)

/**
 * PATCH /orgs/{id}/teams/{teamId}.
 */
export const updateTeamValidator = vine.compile(vine.object({ title: title.clone() }))

/**
 * PUT /orgs/{id}/teams/{teamId}/members.
 */
export const updateTeamMembersValidator = vine.compile(
  vine.object({
    add: vine.array(userIdentifier.clone()).maxLength(1000).optional(),
    remove: vine.array(userIdentifier.clone()).maxLength(1000).optional(),
    memberships: vine
      .record(vine.object({ role: vine.enum(TEAM_ROLES) }))
      .maxLength(1000)
      .optional(),
  })
)

/**
 * PUT /orgs/{id}/teams/{teamId}/members/{userId}.
 */
export const setTeamMemberValidator = vine.compile(
  vine.object({
    role: vine.enum(TEAM_ROLES).optional(),
  })
)
