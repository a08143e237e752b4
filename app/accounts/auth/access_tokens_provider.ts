import db from '@adonisjs/lucid/services/db'
import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import { LRUCache } from 'lru-cache'
import { prepared } from '#core/database/prepared_statements'

/**
 * How long a token's `last_used_at` may lag behind its real last use. Writing it on every request
 * (AdonisJS's default) makes every API read a database write.
 */
const LAST_USED_RESOLUTION_MS = 60_000

/**
 * How long a verified token is believed without reading it again. A token revoked in this process
 * is forgotten at once (`forget`); one revoked by another process is refused here within this time.
 */
export const VERIFIED_TOKEN_TTL_MS = 1000

/** Verified tokens kept at most (a burst of distinct tokens evicts the oldest). */
export const VERIFIED_TOKENS_MAX = 10_000

/** A verified token and its user's row: the same object while the token stays cached. */
export type VerifiedToken = { token: AccessToken; user: TokenUserRow }

/**
 * Tokens verified in the last second, by the value presented: a request presenting the same value
 * within the TTL skips decoding it, the query and the hash. Only this process's memory; nothing
 * here outlives VERIFIED_TOKEN_TTL_MS.
 */
const verifiedTokens = new LRUCache<string, VerifiedToken>({
  max: VERIFIED_TOKENS_MAX,
  ttl: VERIFIED_TOKEN_TTL_MS,
  ttlAutopurge: false,
})

/**
 * The columns of the token's user that requests read (no password hash, no dates to parse).
 */
export type TokenUserRow = {
  id: string
  email: string
  display_name: string
  photo_url: string | null
}

/**
 * AdonisJS's database token provider, plus the lookup the API guard uses on every request.
 * AdonisJS's own `verify` reads the token, writes `last_used_at` (before even checking the secret),
 * and leaves the user to a second query; `verifyWithUser` reads token and user in one query, checks
 * the secret and expiry first, and refreshes `last_used_at` at most once a minute.
 */
export class AccessTokensProvider<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  async verifyWithUser(tokenValue: Secret<string>): Promise<VerifiedToken | null> {
    const value = tokenValue.release()
    const cached = verifiedTokens.get(value)
    if (cached && !cached.token.isExpired()) return cached

    const decoded = AccessToken.decode(this.prefix, value)
    if (!decoded || !/^\d{1,18}$/.test(decoded.identifier)) return null

    // Primary key: one row at most (no `.first()`, whose bound LIMIT MySQL 8 refuses when prepared).
    const [row] = await prepared(
      db
        .from(`${this.table} as t`)
        .join('users as u', 'u.id', 't.tokenable_id')
        .where('t.id', decoded.identifier)
        .where('t.type', this.type)
        .select(
          't.*',
          'u.email as user_email',
          'u.display_name as user_display_name',
          'u.photo_url as user_photo_url'
        )
    )
    if (!row) return null

    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    const now = new Date()
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await db.from(this.table).where('id', row.id).update({ last_used_at: now })
      token.lastUsedAt = now
    }

    const verified = {
      token,
      user: {
        id: row.tokenable_id,
        email: row.user_email,
        display_name: row.user_display_name,
        photo_url: row.user_photo_url,
      },
    }
    verifiedTokens.set(value, verified)
    return verified
  }

  /**
   * Forgets a token this process may have verified (it was revoked): its next use is read again.
   */
  static forget(tokenId: string | number) {
    const id = String(tokenId)
    for (const [value, verified] of verifiedTokens.entries()) {
      if (String(verified.token.identifier) === id) verifiedTokens.delete(value)
    }
  }

  /** Forgets the verified tokens of a user whose columns changed. */
  static forgetUser(userId: string) {
    for (const [value, verified] of verifiedTokens.entries()) {
      if (verified.user.id === userId) verifiedTokens.delete(value)
    }
  }
}
