import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { CacheItem, CacheProvider } from '@node-saml/node-saml'
import { appKey } from '#config/app'
import { toSqlTimestamp } from '#core/database/timestamps'

/**
 * node-saml's store of the AuthnRequest ids Bindery issued. The ids carry their own proof
 * (`signedRequestId`: issue time and an HMAC by the application key over it and the provider), so
 * starting a sign-in — anyone may, anonymously — writes nothing; the database (`saml_requests`)
 * records only requests already answered, so each is answered once, by whichever process receives
 * the identity provider's response. Scoped to one provider: another provider's request is unknown
 * here.
 */
export class DatabaseSamlCache implements CacheProvider {
  constructor(
    private providerId: string,
    private ttlMs: number
  ) {}

  /**
   * Nothing to store: the id is self-describing (see `signedRequestId`).
   */
  async saveAsync(_key: string, value: string): Promise<CacheItem | null> {
    return { value, createdAt: Date.now() }
  }

  /**
   * The request's issue time (what node-saml compares with its expiry period), or null when the id
   * is not one Bindery issued for this provider, has expired or was already answered.
   */
  async getAsync(key: string): Promise<string | null> {
    const issuedAt = this.issuedAt(key)
    if (issuedAt === null) return null
    const answered = await db.from('saml_requests').where('id', key).select('id').first()
    return answered ? null : new Date(issuedAt).toISOString()
  }

  /**
   * A request is answered once: node-saml removes it after the first response, valid or not, and
   * the answer is recorded until the request would have expired anyway.
   */
  async removeAsync(key: string | null): Promise<string | null> {
    const issuedAt = key ? this.issuedAt(key) : null
    if (!key || issuedAt === null) return null
    try {
      await db.table('saml_requests').insert({
        id: key,
        saml_provider_id: this.providerId,
        created_at: toSqlTimestamp(DateTime.fromMillis(issuedAt, { zone: 'utc' })),
        expires_at: toSqlTimestamp(DateTime.fromMillis(issuedAt + this.ttlMs, { zone: 'utc' })),
      })
      return key
    } catch (error) {
      // Answered already (the id is the primary key).
      if (isDuplicate(error)) return null
      throw error
    }
  }

  /**
   * When `key` was issued for this provider, or null if Bindery did not issue it or it expired.
   */
  private issuedAt(key: string): number | null {
    const match = /^_([0-9a-z]+)\.([0-9a-f]{32})\.([\w-]{43})$/.exec(key)
    if (!match) return null
    const [, time, nonce, mac] = match
    const expected = requestMac(this.providerId, time, nonce)
    if (!timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null
    const issuedAt = Number.parseInt(time, 36)
    return Date.now() < issuedAt + this.ttlMs ? issuedAt : null
  }
}

/**
 * A new AuthnRequest id for `providerId` (an xsd:ID: `_`, issue time, nonce, HMAC).
 */
export function signedRequestId(providerId: string): string {
  const time = Date.now().toString(36)
  const nonce = randomBytes(16).toString('hex')
  return `_${time}.${nonce}.${requestMac(providerId, time, nonce)}`
}

function requestMac(providerId: string, time: string, nonce: string) {
  return createHmac('sha256', appKey.release())
    .update(`saml-request:${providerId}:${time}:${nonce}`)
    .digest('base64url')
}

function isDuplicate(error: unknown) {
  const code = (error as { code?: unknown })?.code
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
