import db from '@adonisjs/lucid/services/db'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { SiteAccess } from '#sites/records'
import { newPrivateKey } from '#sites/services/site_service'

export type PublishingAuth = {
  privateKey: string
  backend: 'custom' | 'integration'
  fallbackURL: string | null
  logoutURL: string | null
}

export type PublishingAuthUpdate = {
  backend: 'custom' | 'integration'
  fallbackURL?: string | null
  logoutURL?: string | null
}

/**
 * The visitor-authentication settings of a site: the secret that signs visitors' JWTs (HS256),
 * the backend that issues them, and where to send visitors whose token is missing or invalid.
 * Regenerating the key invalidates every token signed with the old one.
 */
export default class PublishingAuthService {
  async get({ site }: SiteAccess): Promise<PublishingAuth> {
    const row = await db
      .from('sites')
      .where('id', site.id)
      .select('auth_private_key', 'auth_backend', 'auth_fallback_url', 'auth_logout_url')
      .firstOrFail()
    return {
      privateKey: row.auth_private_key,
      backend: row.auth_backend,
      fallbackURL: row.auth_fallback_url ?? null,
      logoutURL: row.auth_logout_url ?? null,
    }
  }

  async update(siteAccess: SiteAccess, input: PublishingAuthUpdate): Promise<PublishingAuth> {
    const changes: Record<string, unknown> = { auth_backend: input.backend }
    if (input.fallbackURL !== undefined) changes.auth_fallback_url = input.fallbackURL
    if (input.logoutURL !== undefined) changes.auth_logout_url = input.logoutURL
    await this.write(siteAccess, changes)
    return this.get(siteAccess)
  }

  async regenerate(siteAccess: SiteAccess): Promise<PublishingAuth> {
    await this.write(siteAccess, { auth_private_key: newPrivateKey() })
    return this.get(siteAccess)
  }

  private async write({ site }: SiteAccess, changes: Record<string, unknown>) {
    await db
      .from('sites')
      .where('id', site.id)
      .update({ ...changes, updated_at: toSqlTimestamp(new Date()) })
  }
}
