import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { consoleMiddleware } from '#console/named_middleware'

const ShowLoginController = () => import('#console/controllers/show_login_controller')
const LoginController = () => import('#console/controllers/login_controller')
const LogoutController = () => import('#console/controllers/logout_controller')
const ListOrganizationsController = () =>
  import('#console/controllers/list_organizations_controller')
const ShowOrganizationController = () => import('#console/controllers/show_organization_controller')
const ShowNotFoundController = () => import('#console/controllers/show_not_found_controller')

/**
 * The console's administration and content pages and forms, loaded on first use.
 */
const pages = {
  listMembers: () => import('#console/controllers/list_members_controller'),
  updateMember: () => import('#console/controllers/update_member_controller'),
  removeMember: () => import('#console/controllers/remove_member_controller'),
  listTeams: () => import('#console/controllers/list_teams_controller'),
  createTeam: () => import('#console/controllers/create_team_controller'),
  showTeam: () => import('#console/controllers/show_team_controller'),
  updateTeam: () => import('#console/controllers/update_team_controller'),
  deleteTeam: () => import('#console/controllers/delete_team_controller'),
  addTeamMember: () => import('#console/controllers/add_team_member_controller'),
  removeTeamMember: () => import('#console/controllers/remove_team_member_controller'),
  listSpaces: () => import('#console/controllers/list_spaces_controller'),
  createSpace: () => import('#console/controllers/create_space_controller'),
  createCollection: () => import('#console/controllers/create_collection_controller'),
  showSpace: () => import('#console/controllers/show_space_controller'),
  updateSpace: () => import('#console/controllers/update_space_controller'),
  deleteSpace: () => import('#console/controllers/delete_space_controller'),
  showCollection: () => import('#console/controllers/show_collection_controller'),
  updateCollection: () => import('#console/controllers/update_collection_controller'),
  deleteCollection: () => import('#console/controllers/delete_collection_controller'),
  showPage: () => import('#console/controllers/show_content_page_controller'),
  showChangeRequest: () => import('#console/controllers/show_change_request_controller'),
  showRevision: () => import('#console/controllers/show_revision_controller'),
  listSites: () => import('#console/controllers/list_sites_controller'),
  createSite: () => import('#console/controllers/create_site_controller'),
  showSite: () => import('#console/controllers/show_site_controller'),
  siteSettings: () => import('#console/controllers/site_settings_controller'),
  siteStructure: () => import('#console/controllers/site_structure_forms_controller'),
  siteShareLinks: () => import('#console/controllers/site_share_links_controller'),
  integrations: () => import('#console/controllers/console_integrations_controller'),
  openapi: () => import('#console/controllers/console_openapi_controller'),
  imports: () => import('#console/controllers/console_imports_controller'),
}

router.get('/', ({ response }) => response.redirect('/console'))

/**
 * The console. Sessions, CSRF (shield) and Inertia are applied here rather than globally, so the
 * `/v1` API stays stateless and free of CSRF checks.
 */
router
  .group(() => {
    router
      .group(() => {
        router.get('/login', [ShowLoginController]).as('login')
        router.post('/login', [LoginController]).as('login.store')
      })
      .use(consoleMiddleware.consoleGuest())

    router
      .group(() => {
        router.get('/', [ListOrganizationsController]).as('organizations.index')
        router.get('/orgs/:organizationId', [ShowOrganizationController]).as('organizations.show')

        // Organization administration and content, through the domains' services and policies;
        // their refusals become pages and flashed form errors (consoleFailure).
        const org = '/orgs/:organizationId'
        router.get(`${org}/members`, [pages.listMembers]).as('members.index')
        router.patch(`${org}/members/:userId`, [pages.updateMember]).as('members.update')
        router.delete(`${org}/members/:userId`, [pages.removeMember]).as('members.destroy')
        router.get(`${org}/teams`, [pages.listTeams]).as('teams.index')
        router.post(`${org}/teams`, [pages.createTeam]).as('teams.store')
        router.get(`${org}/teams/:teamId`, [pages.showTeam]).as('teams.show')
        router.patch(`${org}/teams/:teamId`, [pages.updateTeam]).as('teams.update')
        router.delete(`${org}/teams/:teamId`, [pages.deleteTeam]).as('teams.destroy')
        router.post(`${org}/teams/:teamId/members`, [pages.addTeamMember]).as('teams.members.store')
        router
          .delete(`${org}/teams/:teamId/members/:userId`, [pages.removeTeamMember])
          .as('teams.members.destroy')

        router.get(`${org}/spaces`, [pages.listSpaces]).as('spaces.index')
        router.post(`${org}/spaces`, [pages.createSpace]).as('spaces.store')
        router.post(`${org}/collections`, [pages.createCollection]).as('collections.store')
        router.get('/spaces/:spaceId', [pages.showSpace]).as('spaces.show')
        router.patch('/spaces/:spaceId', [pages.updateSpace]).as('spaces.update')
        router.delete('/spaces/:spaceId', [pages.deleteSpace]).as('spaces.destroy')
        // A space's content (the API's `urls.app` of pages, change requests and revisions).
        const space = '/spaces/:spaceId'
        router.get(`${space}/pages/:pageId`, [pages.showPage]).as('pages.show')
        router
          .get(`${space}/change-requests/:changeRequestId`, [pages.showChangeRequest])
          .as('change_requests.show')
        router
          .get(`${space}/change-requests/:changeRequestId/pages/:pageId`, [pages.showPage])
          .as('change_requests.pages.show')
        router.get(`${space}/revisions/:revisionId`, [pages.showRevision]).as('revisions.show')
        // A space's website import: start, progress (JSON the page polls), cancel.
        router.post(`${space}/imports`, [pages.imports, 'store']).as('imports.store')
        router.get(`${space}/imports/:importRunId`, [pages.imports, 'show']).as('imports.show')
        router
          .post(`${space}/imports/:importRunId/cancel`, [pages.imports, 'cancel'])
          .as('imports.cancel')
        router
          .get(`${space}/revisions/:revisionId/pages/:pageId`, [pages.showPage])
          .as('revisions.pages.show')
        router.get('/collections/:collectionId', [pages.showCollection]).as('collections.show')
        router
          .patch('/collections/:collectionId', [pages.updateCollection])
          .as('collections.update')
        router
          .delete('/collections/:collectionId', [pages.deleteCollection])
          .as('collections.destroy')

        // An organization's OpenAPI specifications (the API's `urls.app` of a spec is its page).
        router.get(`${org}/openapi`, [pages.openapi, 'index']).as('openapi.index')
        router.post(`${org}/openapi`, [pages.openapi, 'store']).as('openapi.store')
        router.get(`${org}/openapi/:specSlug`, [pages.openapi, 'show']).as('openapi.show')
        router.delete(`${org}/openapi/:specSlug`, [pages.openapi, 'destroy']).as('openapi.destroy')

        // An organization's sites (the API's `urls.app` of a site is its page here), and a site's
        // settings, structure and share links under its page.
        const { siteSettings, siteStructure, siteShareLinks } = pages
        router.get(`${org}/sites`, [pages.listSites]).as('sites.index')
        router.post(`${org}/sites`, [pages.createSite]).as('sites.store')
        router
          .group(() => {
            router.get('/', [pages.showSite]).as('show')
            router.patch('/', [siteSettings, 'update']).as('update')
            router.delete('/', [siteSettings, 'destroy']).as('destroy')
            router.post('/publish', [siteSettings, 'publish']).as('publish')
            router.post('/unpublish', [siteSettings, 'unpublish']).as('unpublish')
            router
              .put('/adaptive-schema', [siteSettings, 'updateAdaptiveSchema'])
              .as('adaptive_schema.update')
            router.post('/site-spaces', [siteStructure, 'addSiteSpace']).as('site_spaces.store')
            router
              .delete('/site-spaces/:siteSpaceId', [siteStructure, 'removeSiteSpace'])
              .as('site_spaces.destroy')
            const section = '/sections/:siteSectionId'
            router.post('/sections', [siteStructure, 'addSection']).as('sections.store')
            router.patch(section, [siteStructure, 'updateSection']).as('sections.update')
            router.delete(section, [siteStructure, 'deleteSection']).as('sections.destroy')
            const group = '/section-groups/:siteSectionGroupId'
            router.post('/section-groups', [siteStructure, 'addGroup']).as('section_groups.store')
            router.patch(group, [siteStructure, 'updateGroup']).as('section_groups.update')
            router.delete(group, [siteStructure, 'deleteGroup']).as('section_groups.destroy')
            router.post('/structure/sort', [siteStructure, 'sort']).as('structure.sort')
            const shareLink = '/share-links/:shareLinkId'
            router.post('/share-links', [siteShareLinks, 'store']).as('share_links.store')
            router.patch(shareLink, [siteShareLinks, 'update']).as('share_links.update')
            router.delete(shareLink, [siteShareLinks, 'destroy']).as('share_links.destroy')
          })
          .prefix(`${org}/sites/:siteId`)
          .as('sites')

        // An organization's integrations (the API's `urls.app` of integrations and installations).
        const { integrations } = pages
        const installation = `${org}/integrations/:integrationName/installations/:installationId`
        router.get(`${org}/integrations`, [integrations, 'index']).as('integrations.index')
        router
          .post(`${org}/integrations/:integrationName/installations`, [integrations, 'install'])
          .as('integrations.install')
        router.patch(installation, [integrations, 'configure']).as('integrations.configure')
        router.delete(installation, [integrations, 'uninstall']).as('integrations.uninstall')
        router
          .post(`${installation}/targets`, [integrations, 'installOn'])
          .as('integrations.targets.store')
        router
          .delete(`${installation}/:kind/:targetId`, [integrations, 'uninstallFrom'])
          .where('kind', /^(space|site)$/)
          .as('integrations.targets.destroy')

        router.post('/logout', [LogoutController]).as('logout')
        router.get('/*', [ShowNotFoundController]).as('not_found')
      })
      .use(consoleMiddleware.consoleAuth())
  })
  .prefix('/console')
  .as('console')
  .use([
    middleware.session(),
    consoleMiddleware.shield(),
    consoleMiddleware.inertia(),
    consoleMiddleware.consoleSharedData(),
  ])
