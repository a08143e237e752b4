import { inject } from '@adonisjs/core'
import type User from '#accounts/models/user'
import type { OrganizationAccess } from '#organizations/organization_access'
import { SITE_VISIBILITIES } from '#sites/records'
import SitePolicy from '#sites/policies/site_policy'
import SiteService from '#sites/services/site_service'
import SiteStructureService from '#sites/services/site_structure_service'
import ShareLinkService from '#sites/services/share_link_service'
import AdaptiveSchemaService from '#sites/services/adaptive_schema_service'
import ConsoleSitesService from '#console/services/console_sites_service'
import { organizationHeader } from '#console/serializers/administration_props'

const sitePolicy = new SitePolicy()

/**
 * What the console's site pages and forms open with: the console's access to the organization and
 * site a URL names (ConsoleSitesService), and the sites domain's services.
 */
@inject()
export default abstract class ConsoleSiteController {
  constructor(
    protected console: ConsoleSitesService,
    protected sites: SiteService,
    protected structure: SiteStructureService,
    protected shareLinks: ShareLinkService,
    protected schemas: AdaptiveSchemaService
  ) {}

  /**
   * What the sites pages share: the organization's header, whether the user administers its
   * sites, and what their forms offer (the visibilities, the spaces a site may publish: for
   * admins only).
   */
  protected async sitesPageProps(user: User, access: OrganizationAccess) {
    const admin = sitePolicy.permissions(user, access).admin
    return {
      organization: organizationHeader(user, access),
      admin,
      visibilities: [...SITE_VISIBILITIES],
      spaces: admin ? await this.console.spaceChoices(user, access.organization.id) : [],
    }
  }
}
