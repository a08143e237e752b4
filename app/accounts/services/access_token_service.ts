import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import { AccessTokensProvider } from '#accounts/auth/access_tokens_provider'
import { ForbiddenException, NotFoundException } from '#core/exceptions/api_exceptions'
import { auditLog } from '#core/audit/audit_log'
import { fromSqlTimestamp } from '#core/database/timestamps'

/**
 * One of a user's API tokens, without its secret (only a hash of it is stored).
 */
export type AccessTokenRecord = {
  id: string
  name: string
  scopes: string[]
  createdAt: DateTime
  lastUsedAt: DateTime | null
  expiresAt: DateTime | null
}

export type MintTokenInput = {
  name: string
  /** GitBook OAuth scopes (#core/scopes), or `*` for every scope. */
  scopes: string[]
  /** Days until it expires; none: it lasts until revoked. */
  expiresInDays?: number
}

/**
 * A user's own API tokens (the `gb_api_…` bearer tokens of the `/v1` API): minted with a name,
 * scopes and an optional expiry, listed, revoked. The secret is shown once, when minted.
 */
export default class AccessTokenService {
  async list(user: User): Promise<AccessTokenRecord[]> {
    const rows = await db
      .from('auth_access_tokens')
      .where('tokenable_id', user.id)
      .where('type', 'api_token')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1000)
      .select('id', 'name', 'abilities', 'created_at', 'last_used_at', 'expires_at')
    return rows.map((row) => ({
      id: String(row.id),
      name: row.name ?? '',
      scopes: JSON.parse(row.abilities) as string[],
      createdAt: tokenTimestamp(row.created_at) ?? DateTime.fromMillis(0),
      lastUsedAt: tokenTimestamp(row.last_used_at),
      expiresAt: tokenTimestamp(row.expires_at),
    }))
  }

  /**
   * A new token of the user's; `secret` is its value, never stored and never shown again.
   * `grantor`: the scopes of the token minting it (through `/v1`), which the new token may not
   * exceed: a token never mints a stronger one. The console's session mints any.
   */
  async mint(
    user: User,
    input: MintTokenInput,
    grantor?: readonly string[]
  ): Promise<{ id: string; secret: string }> {
    const scopes = input.scopes.includes('*') ? ['*'] : [...new Set(input.scopes)]
    if (grantor && !grantor.includes('*')) {
      const beyond = scopes.filter((scope) => !grantor.includes(scope))
      if (beyond.length > 0) {
        throw new ForbiddenException(
          `This access token cannot grant scopes it does not have: ${beyond.join(', ')}`
        )
      }
    }
    const token = await User.accessTokens.create(user, scopes, {
      name: input.name,
      expiresIn: input.expiresInDays ? `${input.expiresInDays} days` : undefined,
    })
    const id = String(token.identifier)
    await auditLog.recordForUser(user.id, {
      action: 'token.created',
      actor: { id: user.id, label: user.email },
      target: { type: 'token', id, label: input.name },
      payload: { scopes, expiresAt: token.expiresAt?.toISOString() ?? null },
    })
    return { id, secret: token.value!.release() }
  }

  /**
   * One of the user's tokens (someone else's, or an unknown id, is a 404).
   */
  async find(user: User, tokenId: string): Promise<AccessTokenRecord> {
    const tokens = await this.list(user)
    const token = tokens.find((candidate) => candidate.id === tokenId)
    if (!token) throw NotFoundException.resource('token', tokenId)
    return token
  }

  /**
   * Revokes one of the user's tokens (someone else's, or an unknown id, is a 404); its name.
   */
  async revoke(user: User, tokenId: string): Promise<string> {
    const row = /^\d{1,18}$/.test(tokenId)
      ? await db
          .from('auth_access_tokens')
          .where('id', tokenId)
          .where('tokenable_id', user.id)
          .where('type', 'api_token')
          .select('id', 'name')
          .first()
      : null
    if (!row) throw NotFoundException.resource('token', tokenId)
    await db.transaction(async (trx) => {
      await trx.from('auth_access_tokens').where('id', row.id).delete()
      await auditLog.recordForUser(
        user.id,
        {
          action: 'token.revoked',
          actor: { id: user.id, label: user.email },
          target: { type: 'token', id: String(row.id), label: row.name ?? '' },
        },
        trx
      )
    })
    // After the commit: a request verifying it meanwhile may have cached it again.
    AccessTokensProvider.forget(row.id)
    return row.name ?? ''
  }
}

/**
 * AdonisJS writes token dates as JavaScript dates, which SQLite keeps as epoch milliseconds.
 */
function tokenTimestamp(value: unknown): DateTime | null {
  if (typeof value === 'number') return DateTime.fromMillis(value, { zone: 'utc' })
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    return DateTime.fromMillis(Number(value), { zone: 'utc' })
  }
  return fromSqlTimestamp(value)
}
