import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { isWellFormedId } from '#core/ids'
import { OrganizationSites } from '#organizations/contracts/organization_sites'
import SiteService from '#sites/services/site_service'

/**
 * The organizations' OrganizationSites, bound by the sites provider: an organization created with
 * `withDefaultSite` gets a site publishing a new empty space; `defaultContent.site` must name one of
 * its sites.
 */
@inject()
export default class SiteOrganizationsService extends OrganizationSites {
  constructor(private sites: SiteService) {
    super()
  }

  createDefaultSite(
    trx: TransactionClientContract,
    organization: { id: string; title: string },
    adminUserId: string
  ) {
    return this.sites.createWithin(trx, organization.id, adminUserId, 'admin', {
      title: [...organization.title].slice(0, 128).join(''),
      spaces: 'empty',
    })
  }

  async siteExists(trx: TransactionClientContract, organizationId: string, siteId: string) {
    if (!isWellFormedId(siteId)) return false
    const row = await trx
      .from('sites')
      .where('organization_id', organizationId)
      .where('id', siteId)
      .first()
    return Boolean(row)
  }
}
