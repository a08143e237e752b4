import db from '@adonisjs/lucid/services/db'
import type { Secret } from '@adonisjs/core/helpers'
import { AccessToken, AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokensUserProviderContract } from '@adonisjs/auth/types/access_tokens'
import User from '#accounts/models/user'
import { TOKEN_SETTINGS } from '#accounts/auth/token_settings'

/**
 * How long a token's `last_used_at` may lag behind its real last use. Writing it on every request
 * (AdonisJS's default) makes every API read a database write.
 */
const LAST_USED_RESOLUTION_MS = 60_000

const { prefix: TOKEN_PREFIX, table: TOKENS_TABLE, type: TOKEN_TYPE } = TOKEN_SETTINGS

/**
 * The API guard's user provider. AdonisJS's own reads the token, writes `last_used_at` (before even
 * checking the secret), then reads the user: three round trips per request. This one reads token and
 * user in one query, checks the secret and expiry first, and refreshes `last_used_at` at most once a
 * minute. The user read with the token is handed to `findById`, which the guard calls next.
 */
export class TokensUserProvider
  extends AccessTokensLucidUserProvider<'accessTokens', typeof User>
  implements AccessTokensUserProviderContract<User>
{
  #verifiedUsers = new Map<string, User>()

  constructor() {
    super({ tokens: 'accessTokens', model: () => import('#accounts/models/user') })
  }

  async verifyToken(tokenValue: Secret<string>): Promise<AccessToken | null> {
    const decoded = AccessToken.decode(TOKEN_PREFIX, tokenValue.release())
    if (!decoded || !/^\d{1,18}$/.test(decoded.identifier)) return null

    const row = await db
      .from(`${TOKENS_TABLE} as t`)
      .join('users as u', 'u.id', 't.tokenable_id')
      .where('t.id', decoded.identifier)
      .where('t.type', TOKEN_TYPE)
      .select(
        't.id',
        't.tokenable_id',
        't.type',
        't.name',
        't.hash',
        't.abilities',
        't.created_at',
        't.updated_at',
        't.last_used_at',
        't.expires_at',
        'u.email as user_email',
        'u.display_name as user_display_name',
        'u.photo_url as user_photo_url'
      )
      .first()
    if (!row) return null

    const token = new AccessToken({
      identifier: row.id,
      tokenableId: row.tokenable_id,
      type: row.type,
      name: row.name,
      hash: row.hash,
      abilities: JSON.parse(row.abilities),
      createdAt: toDate(row.created_at)!,
      updatedAt: toDate(row.updated_at)!,
      lastUsedAt: toDate(row.last_used_at),
      expiresAt: toDate(row.expires_at),
    })
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    const now = new Date()
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await db.from(TOKENS_TABLE).where('id', row.id).update({ last_used_at: now })
      token.lastUsedAt = now
    }

    // Only what requests read: the password hash stays in the database, and dates are not parsed.
    const user = User.$createFromAdapterResult({
      id: row.tokenable_id,
      email: row.user_email,
      display_name: row.user_display_name,
      photo_url: row.user_photo_url,
    })
    if (user) this.#verifiedUsers.set(String(row.tokenable_id), user)
    return token
  }

  async findById(identifier: string | number | BigInt) {
    const key = String(identifier)
    const user = this.#verifiedUsers.get(key)
    if (user) {
      this.#verifiedUsers.delete(key)
      return this.createUserForGuard(user)
    }
    return super.findById(identifier)
  }
}

/**
 * Token dates as either engine returns them: numbers (SQLite, written by AdonisJS as epoch
 * milliseconds), Date objects (mysql2) or text.
 */
function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value
  return new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : (value as any))
}
