import { inject } from '@adonisjs/core'
import SiteService from '#sites/services/site_service'
import SiteStructureService from '#sites/services/site_structure_service'
import ShareLinkService from '#sites/services/share_link_service'
import AdaptiveSchemaService from '#sites/services/adaptive_schema_service'
import ConsoleSitesService from '#console/services/console_sites_service'

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
}
