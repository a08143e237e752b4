import type { ApplicationService } from '@adonisjs/core/types'
import { OrganizationSites } from '#organizations/contracts/organization_sites'
import { SpaceDependents } from '#spaces/contracts/space_dependents'

/**
 * Sites: published sites of an organization, their sections, section groups, site spaces, share
 * links, adaptive schema and visitor authentication, and the published reader of sites.
 */
export default class SitesProvider {
  constructor(protected app: ApplicationService) {}

  /**
   * Fills in what organizations (default site, defaultContent) and spaces (site spaces follow
   * their space; a space's published URL) ask of sites.
   */
  register() {
    this.app.container.singleton(OrganizationSites, async (resolver) => {
      const { default: SiteOrganizationsService } =
        await import('#sites/services/site_organizations_service')
      return resolver.make(SiteOrganizationsService)
    })
  }

  async boot() {
    const { default: SiteSpacesDependent } = await import('#sites/services/site_spaces_dependent')
    const dependents = await this.app.container.make(SpaceDependents)
    dependents.add(await this.app.container.make(SiteSpacesDependent))
  }

  /**
   * Routes are registered once the application has booted (router and kernel middleware exist
   * then); the server middleware serving sites on their own hosts comes after the kernel's.
   */
  async start() {
    await import('#start/kernel')
    const server = await this.app.container.make('server')
    server.use([() => import('#sites/middleware/site_host_middleware')])
    await import('#sites/routes')
  }
}
