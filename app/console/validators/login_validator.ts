import vine from '@vinejs/vine'

/**
 * The console's sign-in form (also on an invite's page). E-mails are stored lowercased, so the address is normalized the same
 * way before it is looked up.
 */
export const loginValidator = vine.compile(
  vine.object({
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    password: vine.string().minLength(1).maxLength(512),
    /** The console page asked for before signing in (checked by safeReturnTo). */
    returnTo: vine.string().maxLength(2048).optional(),
  })
)
