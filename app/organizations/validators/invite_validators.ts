import vine from '@vinejs/vine'
import { ROLES } from '#core/roles'
import { wellFormedText } from '#core/http/validation'

const email = vine.string().use(wellFormedText()).trim().toLowerCase().maxLength(254).email()
const role = vine.enum(ROLES).nullable()

/**
 * POST /orgs/{id}/invites: each entry an address (takes `role`, else the organization's default
 * role) or `{email, role}`.
 */
export const inviteUsersValidator = vine.compile(
  vine.object({
    emails: vine
      .array(
        vine.unionOfTypes([
          email.clone(),
          vine.object({ email: email.clone(), role: role.clone() }),
        ])
      )
      .minLength(1)
      .maxLength(100),
    role: role.clone().optional(),
    sso: vine.boolean({ strict: true }).optional(),
  })
)

/**
 * POST and PATCH /orgs/{id}/link-invites(/{inviteId}): an invite link to the organization with a
 * role (null = guest). Links to a single space or collection are not offered.
 */
export const inviteLinkValidator = vine.compile(vine.object({ role: role.clone() }))

/** Longest expiry and most uses an invite link may be created with. */
export const INVITE_LINK_MAX_DAYS = 365
export const INVITE_LINK_MAX_USES = 10_000

/**
 * POST /orgs/{id}/link-invites (and the console's form): the role, and optionally how many days
 * the link works and how many people may join with it (Bindery's; GitBook's links have neither).
 */
export const createInviteLinkValidator = vine.compile(
  vine.object({
    role: role.clone(),
    expiresInDays: vine.number().withoutDecimals().range([1, INVITE_LINK_MAX_DAYS]).optional(),
    maxUses: vine.number().withoutDecimals().range([1, INVITE_LINK_MAX_USES]).optional(),
  })
)
