import vine from '@vinejs/vine'
import { TEAM_ROLES } from '#organizations/models/team_member'

/**
 * The console's "add a member to the team" form: an organization member named by e-mail address,
 * with a team role (member unless given).
 */
export const addTeamMemberValidator = vine.compile(
  vine.object({
    email: vine.string().trim().email().maxLength(254),
    role: vine.enum(TEAM_ROLES).optional(),
  })
)
