import db from '@adonisjs/lucid/services/db'
import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'

/**
 * How long a token's `last_used_at` may lag behind its real last use. Writing it on every request
 * (AdonisJS's default) makes every API read a database write.
 */
const LAST_USED_RESOLUTION_MS = 60_000

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
  async verifyWithUser(
    tokenValue: Secret<string>
  ): Promise<{ token: AccessToken; user: TokenUserRow } | null> {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded || !/^\d{1,18}$/.test(decoded.identifier)) return null

    const row = await db
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
      .first()
    if (!row) return null

    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    const now = new Date()
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await db.from(this.table).where('id', row.id).update({ last_used_at: now })
      token.lastUsedAt = now
    }

    return {
      token,
      user: {
        id: row.tokenable_id,
        email: row.user_email,
        display_name: row.user_display_name,
        photo_url: row.user_photo_url,
      },
    }
  }
}
