import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { SpaceDependent } from '#spaces/contracts/space_dependents'
import { siteBaseUrl, siteSpaceUrl } from '#sites/published_urls'
import { SITE_COLUMNS, siteFromRow } from '#sites/records'
import SiteStructureService from '#sites/services/site_structure_service'

/**
 * What sites tell the spaces domain: a space that leaves (deleted or transferred) leaves every
 * site that published it; a space's published URL is that of its first site space in a published
 * site.
 */
@inject()
export default class SiteSpacesDependent implements SpaceDependent {
  constructor(private structure: SiteStructureService) {}

  spacesLeft(trx: TransactionClientContract, spaceIds: string[]) {
    return this.structure.spacesLeft(trx, spaceIds)
  }

  publishedSql(spaceId: string) {
    return `EXISTS (SELECT 1 FROM site_spaces pss INNER JOIN sites pst ON pst.id = pss.site_id
      WHERE pss.space_id = ${spaceId} AND pst.published = 1)`
  }

  async publishedUrls(spaceIds: string[]) {
    const urls = new Map<string, string>()
    const rows = await db
      .from('site_spaces as ss')
      .join('sites as st', 'st.id', 'ss.site_id')
      .join('organizations as org', 'org.id', 'st.organization_id')
      .leftJoin('site_sections as sec', 'sec.id', 'ss.site_section_id')
      .whereIn('ss.space_id', spaceIds)
      .where('st.published', true)
      .orderBy([{ column: 'st.created_at' }, { column: 'ss.position' }, { column: 'ss.id' }])
      .select([
        ...SITE_COLUMNS,
        'org.hostname as org_hostname',
        'ss.id as ss_id',
        'ss.space_id as ss_space_id',
        'ss.path as ss_path',
        'sec.id as sec_id',
        'sec.path as sec_path',
        'sec.default_site_space_id as sec_default_site_space_id',
      ])
    for (const row of rows) {
      if (urls.has(row.ss_space_id)) continue
      const site = siteFromRow(row)
      const base = siteBaseUrl(site, {
        id: site.organizationId,
        hostname: row.org_hostname ?? null,
      })
      const section = row.sec_id
        ? { id: row.sec_id, path: row.sec_path, defaultSiteSpaceId: row.sec_default_site_space_id }
        : null
      const siteSpace = { id: row.ss_id, path: row.ss_path }
      urls.set(row.ss_space_id, siteSpaceUrl(base, site, siteSpace, section))
    }
    return urls
  }
}
