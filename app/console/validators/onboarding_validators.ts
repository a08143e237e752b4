import vine from '@vinejs/vine'

/**
 * Shortest password a new console account may have.
 */
export const PASSWORD_MIN_LENGTH = 10

const displayName = vine.string().trim().minLength(1).maxLength(255)
const password = vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(512)

/**
 * A new account through an invite link: name, address and password.
 */
export const linkSignUpValidator = vine.compile(
  vine.object({
    displayName,
    email: vine.string().trim().toLowerCase().email().maxLength(254),
    password,
  })
)

/**
 * A new account through an e-mail invite: the address is the invited one.
 */
export const emailSignUpValidator = vine.compile(vine.object({ displayName, password }))

/**
 * The members page's e-mail invite form sends its addresses as one text (separated by commas,
 * spaces or lines): a list, for the API's validator of the same body.
 */
export function emailInviteForm(body: Record<string, unknown>) {
  const emails =
    typeof body.emails === 'string' ? body.emails.split(/[\s,;]+/).filter(Boolean) : body.emails
  return { ...body, emails, role: body.role === '' ? null : body.role }
}

/**
 * The invite link form's role ("" is guest) and limits ("": none).
 */
export function inviteLinkForm(body: Record<string, unknown>) {
  const limit = (value: unknown) => (value === '' || value === null ? undefined : value)
  return {
    ...body,
    role: body.role === '' ? null : body.role,
    expiresInDays: limit(body.expiresInDays),
    maxUses: limit(body.maxUses),
  }
}
