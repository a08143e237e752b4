import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { isWellFormedId, newId } from '#core/ids'
import { paginate, type ListQuery } from '#core/http/pagination'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { QueryClient } from '#core/database/query_client'
import { updateRow } from '#sites/services/site_structure_service'
import { shareLinkFromRow, type ShareLinkRecord, type SiteAccess } from '#sites/records'

/**
 * Share links of a site. A link's key is a random secret (32 bytes, base64url) that opens a
 * `share-link` site to whoever holds it, while the link is active: deactivating or deleting the
 * link makes the key worthless (see activeShareLink).
 */
export default class ShareLinkService {
  async list({ site }: SiteAccess, query: ListQuery) {
    const page = await paginate<Record<string, any>>(
      db.from('site_share_links').where('site_id', site.id),
      {
        ...query,
        order: [
          { column: 'created_at', key: 'created_at' },
          { column: 'id', key: 'id' },
        ],
      }
    )
    return { ...page, rows: page.rows.map(shareLinkFromRow) }
  }

  async find({ site }: SiteAccess, id: string): Promise<ShareLinkRecord> {
    const row = isWellFormedId(id)
      ? await db.from('site_share_links').where('site_id', site.id).where('id', id).first()
      : null
    if (!row) throw NotFoundException.resource('share link', id)
    return shareLinkFromRow(row)
  }

  async create(siteAccess: SiteAccess, name: string): Promise<ShareLinkRecord> {
    const id = newId()
    const now = toSqlTimestamp(new Date())
    await db.table('site_share_links').insert({
      id,
      site_id: siteAccess.site.id,
      name,
      active: true,
      key: randomBytes(30).toString('base64url'),
      created_at: now,
      updated_at: now,
    })
    return this.find(siteAccess, id)
  }

  async update(siteAccess: SiteAccess, id: string, input: { name?: string; active?: boolean }) {
    const link = await this.find(siteAccess, id)
    await updateRow(db, 'site_share_links', link.id, input)
    return this.find(siteAccess, id)
  }

  async delete(siteAccess: SiteAccess, id: string) {
    const link = await this.find(siteAccess, id)
    await db.from('site_share_links').where('id', link.id).delete()
  }

  /**
   * The active link of the site holding `key`, if any: what a reader's key is checked against.
   */
  async activeShareLink(
    client: QueryClient,
    siteId: string,
    key: string
  ): Promise<ShareLinkRecord | null> {
    if (key.length === 0 || key.length > 64) return null
    const row = await client
      .from('site_share_links')
      .where('site_id', siteId)
      .where('key', key)
      .where('active', true)
      .first()
    return row ? shareLinkFromRow(row) : null
  }
}
