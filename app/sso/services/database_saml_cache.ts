import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { CacheItem, CacheProvider } from '@node-saml/node-saml'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'

/**
 * node-saml's store of the AuthnRequest ids Bindery issued, kept in the database (`saml_requests`)
 * rather than in process memory, so that whichever process receives the identity provider's answer
 * can check its InResponseTo. Scoped to one provider: a response to another provider's request is
 * unknown here.
 */
export class DatabaseSamlCache implements CacheProvider {
  constructor(
    private providerId: string,
    private ttlMs: number
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const now = DateTime.utc()
    await db.table('saml_requests').insert({
      id: key,
      saml_provider_id: this.providerId,
      created_at: toSqlTimestamp(now),
      expires_at: toSqlTimestamp(now.plus({ milliseconds: this.ttlMs })),
    })
    return { value, createdAt: now.toMillis() }
  }

  /**
   * The request's creation time (what node-saml compares with its expiry period), or null when the
   * request is unknown, expired or was already answered.
   */
  async getAsync(key: string): Promise<string | null> {
    const row = await db
      .from('saml_requests')
      .where('id', key)
      .where('saml_provider_id', this.providerId)
      .where('expires_at', '>', toSqlTimestamp(DateTime.utc()))
      .select('created_at')
      .first()
    return row ? (fromSqlTimestamp(row.created_at)?.toISO() ?? null) : null
  }

  /**
   * A request is answered once: node-saml removes it after the first response, valid or not.
   */
  async removeAsync(key: string | null): Promise<string | null> {
    if (!key) return null
    const removed = await db
      .from('saml_requests')
      .where('id', key)
      .where('saml_provider_id', this.providerId)
      .delete()
    return Number(removed) > 0 ? key : null
  }
}
