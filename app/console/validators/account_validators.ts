import vine from '@vinejs/vine'
import { PASSWORD_MIN_LENGTH } from '#console/validators/onboarding_validators'

/**
 * The account page's password change: the current password, and the new one (as long as a new
 * account's).
 */
export const changePasswordValidator = vine.compile(
  vine.object({
    currentPassword: vine.string().maxLength(512),
    newPassword: vine.string().minLength(PASSWORD_MIN_LENGTH).maxLength(512),
  })
)
