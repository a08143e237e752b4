import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { BadRequestException } from '#core/exceptions/api_exceptions'

/**
 * What organizations need of the sites domain, which sits above them: creating an organization's
 * default site (`POST /v1/orgs?withDefaultSite=true`) and checking that `defaultContent.site` names
 * one of its sites. The sites provider binds the real answers; without sites there are none.
 */
export abstract class OrganizationSites {
  /**
   * Creates the organization's default site, publishing a new space, inside the transaction that
   * creates the organization; returns the site's id.
   */
  abstract createDefaultSite(
    trx: TransactionClientContract,
    organization: { id: string; title: string },
    adminUserId: string
  ): Promise<string>

  /** True when `siteId` is a site of the organization. */
  abstract siteExists(
    trx: TransactionClientContract,
    organizationId: string,
    siteId: string
  ): Promise<boolean>
}

export class NoOrganizationSites extends OrganizationSites {
  async createDefaultSite(): Promise<string> {
    throw BadRequestException.invalid({
      field: 'withDefaultSite',
      message: 'this server has no sites; create the organization without a default site',
    })
  }

  async siteExists() {
    return false
  }
}
