import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import hash from '@adonisjs/core/services/hash'
import User from '#accounts/models/user'
import { isWellFormedId } from '#core/ids'
import {
  BadRequestException,
  ConflictException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { userFromRow, type UserRecord, type UserRow } from '#accounts/serializers/user_serializer'
import app from '@adonisjs/core/services/app'
import { SharedMembership } from '#accounts/contracts/shared_membership'

export default class UserService {
  /**
   * A user as the caller may see them: themselves, or someone who shares an organization with them.
   * Anyone else is answered exactly like an unknown id.
   */
  async findVisibleTo(caller: UserRecord, userId: string): Promise<UserRecord> {
    if (userId === caller.id) return caller
    const memberships = await app.container.make(SharedMembership)
    if (isWellFormedId(userId) && (await memberships.shareAnOrganization(caller.id, userId))) {
      const row = await db
        .from('users')
        .where('id', userId)
        .select('id', 'email', 'display_name', 'photo_url')
        .first()
      if (row) return userFromRow(row as UserRow)
    }
    throw NotFoundException.resource('user', userId)
  }

  /**
   * Replaces `user`'s password, once their current one is confirmed (a 400 otherwise: someone at
   * an unattended session cannot lock its owner out). Ending their other sessions is the caller's.
   */
  async changePassword(user: User, current: string, next: string): Promise<void> {
    if (!user.password || !(await hash.use('scrypt').verify(user.password, current))) {
      throw new BadRequestException('The current password is wrong')
    }
    user.password = next
    await user.save()
  }

  /**
   * A new account with a password (the console's sign-up through an invite). An address that
   * already has an account is refused: its owner signs in instead (nothing is changed for them).
   */
  async register(
    input: { email: string; displayName: string; password: string },
    trx?: TransactionClientContract
  ): Promise<User> {
    const email = input.email.trim().toLowerCase()
    const existing = await User.query({ client: trx }).where('email', email).first()
    if (existing) {
      throw new ConflictException(
        'An account with this e-mail address already exists: sign in with it instead'
      )
    }
    const user = new User()
    if (trx) user.useTransaction(trx)
    user.email = email
    user.displayName = input.displayName.trim()
    user.password = input.password
    await user.save()
    return user
  }

  /**
   * Finds a user by e-mail (case-insensitive) or creates one. A password given for an existing user
   * replaces theirs, so `bindery:bootstrap --password` can reset a forgotten console password.
   */
  async findOrCreate(
    input: { email: string; displayName?: string; password?: string },
    trx?: TransactionClientContract
  ): Promise<{ user: User; created: boolean }> {
    const email = input.email.trim().toLowerCase()
    const existing = await User.query({ client: trx }).where('email', email).first()
    if (existing) {
      if (input.password) {
        if (trx) existing.useTransaction(trx)
        existing.password = input.password
        await existing.save()
      }
      return { user: existing, created: false }
    }
    const user = new User()
    if (trx) user.useTransaction(trx)
    user.email = email
    user.displayName = input.displayName?.trim() || displayNameFromEmail(email)
    // Without a password the account is token-only: a random one no one knows.
    user.password = input.password ?? randomBytes(24).toString('base64url')
    await user.save()
    return { user, created: true }
  }
}

function displayNameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email
  return (
    local
      .split(/[._-]+/)
      .filter(Boolean)
      .map((part) => part[0].toUpperCase() + part.slice(1))
      .join(' ') || email
  )
}
