import vine from '@vinejs/vine'
import { SCOPES } from '#core/scopes'

/**
 * Expiries a token may be minted with, in days (none: it lasts until revoked).
 */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const

/**
 * A new API token: a name, its scopes (`*`: every scope), an optional expiry.
 */
export const mintTokenValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(100),
    scopes: vine
      .array(vine.enum([...SCOPES, '*']))
      .minLength(1)
      .maxLength(SCOPES.length + 1)
      .distinct(),
    expiresInDays: vine
      .number()
      .in([...TOKEN_EXPIRY_DAYS])
      .optional(),
  })
)
