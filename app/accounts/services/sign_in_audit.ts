import { errors as authErrors } from '@adonisjs/auth'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import { auditLog } from '#core/audit/audit_log'

/**
 * A password check, recorded in the audit log of every organization of the account concerned:
 * `user.signed_in` when the credentials are right, `user.sign_in_failed` when they are wrong for an
 * existing account (an unknown address belongs to no organization, so nothing is recorded).
 */
export async function auditedCredentials(
  email: string,
  verify: () => Promise<User>
): Promise<User> {
  let user: User
  try {
    user = await verify()
  } catch (error) {
    if (error instanceof authErrors.E_INVALID_CREDENTIALS) {
      const row = await db.from('users').where('email', email.toLowerCase()).select('id').first()
      if (row) {
        const who = { id: String(row.id), label: email.toLowerCase() }
        await auditLog.recordForUser(who.id, {
          action: 'user.sign_in_failed',
          actor: who,
          target: { type: 'user', ...who },
        })
      }
    }
    throw error
  }
  const who = { id: user.id, label: user.email }
  await auditLog.recordForUser(user.id, {
    action: 'user.signed_in',
    actor: who,
    target: { type: 'user', ...who },
  })
  return user
}
