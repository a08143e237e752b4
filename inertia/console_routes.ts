// Generated from the named routes of app/console/routes.ts: do not edit. After changing a
// console route, run tests/functional/console/console_routes.spec.ts with
// WRITE_CONSOLE_ROUTES=1 to write it again; the test fails while it differs from the router.
export const consoleRoutes = {
  'console.login': '/console/login',
  'console.login.store': '/console/login',
  'console.organizations.index': '/console',
  'console.organizations.show': '/console/orgs/:organizationId',
  'console.members.index': '/console/orgs/:organizationId/members',
  'console.members.update': '/console/orgs/:organizationId/members/:userId',
  'console.members.destroy': '/console/orgs/:organizationId/members/:userId',
  'console.teams.index': '/console/orgs/:organizationId/teams',
  'console.teams.store': '/console/orgs/:organizationId/teams',
  'console.teams.show': '/console/orgs/:organizationId/teams/:teamId',
  'console.teams.update': '/console/orgs/:organizationId/teams/:teamId',
  'console.teams.destroy': '/console/orgs/:organizationId/teams/:teamId',
  'console.teams.members.store': '/console/orgs/:organizationId/teams/:teamId/members',
  'console.teams.members.destroy': '/console/orgs/:organizationId/teams/:teamId/members/:userId',
  'console.spaces.index': '/console/orgs/:organizationId/spaces',
  'console.spaces.store': '/console/orgs/:organizationId/spaces',
  'console.collections.store': '/console/orgs/:organizationId/collections',
  'console.spaces.show': '/console/spaces/:spaceId',
  'console.spaces.update': '/console/spaces/:spaceId',
  'console.spaces.destroy': '/console/spaces/:spaceId',
  'console.pages.show': '/console/spaces/:spaceId/pages/:pageId',
  'console.change_requests.show': '/console/spaces/:spaceId/change-requests/:changeRequestId',
  'console.change_requests.pages.show':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId',
  'console.revisions.show': '/console/spaces/:spaceId/revisions/:revisionId',
  'console.imports.store': '/console/spaces/:spaceId/imports',
  'console.imports.show': '/console/spaces/:spaceId/imports/:importRunId',
  'console.imports.cancel': '/console/spaces/:spaceId/imports/:importRunId/cancel',
  'console.revisions.pages.show': '/console/spaces/:spaceId/revisions/:revisionId/pages/:pageId',
  'console.collections.show': '/console/collections/:collectionId',
  'console.collections.update': '/console/collections/:collectionId',
  'console.collections.destroy': '/console/collections/:collectionId',
  'console.openapi.index': '/console/orgs/:organizationId/openapi',
  'console.openapi.store': '/console/orgs/:organizationId/openapi',
  'console.openapi.show': '/console/orgs/:organizationId/openapi/:specSlug',
  'console.openapi.destroy': '/console/orgs/:organizationId/openapi/:specSlug',
  'console.sites.index': '/console/orgs/:organizationId/sites',
  'console.sites.store': '/console/orgs/:organizationId/sites',
  'console.sites.show': '/console/orgs/:organizationId/sites/:siteId',
  'console.sites.update': '/console/orgs/:organizationId/sites/:siteId',
  'console.sites.destroy': '/console/orgs/:organizationId/sites/:siteId',
  'console.sites.publish': '/console/orgs/:organizationId/sites/:siteId/publish',
  'console.sites.unpublish': '/console/orgs/:organizationId/sites/:siteId/unpublish',
  'console.sites.adaptive_schema.update':
    '/console/orgs/:organizationId/sites/:siteId/adaptive-schema',
  'console.sites.site_spaces.store': '/console/orgs/:organizationId/sites/:siteId/site-spaces',
  'console.sites.site_spaces.destroy':
    '/console/orgs/:organizationId/sites/:siteId/site-spaces/:siteSpaceId',
  'console.sites.sections.store': '/console/orgs/:organizationId/sites/:siteId/sections',
  'console.sites.sections.update':
    '/console/orgs/:organizationId/sites/:siteId/sections/:siteSectionId',
  'console.sites.sections.destroy':
    '/console/orgs/:organizationId/sites/:siteId/sections/:siteSectionId',
  'console.sites.section_groups.store':
    '/console/orgs/:organizationId/sites/:siteId/section-groups',
  'console.sites.section_groups.update':
    '/console/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId',
  'console.sites.section_groups.destroy':
    '/console/orgs/:organizationId/sites/:siteId/section-groups/:siteSectionGroupId',
  'console.sites.structure.sort': '/console/orgs/:organizationId/sites/:siteId/structure/sort',
  'console.sites.share_links.store': '/console/orgs/:organizationId/sites/:siteId/share-links',
  'console.sites.share_links.update':
    '/console/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId',
  'console.sites.share_links.destroy':
    '/console/orgs/:organizationId/sites/:siteId/share-links/:shareLinkId',
  'console.integrations.index': '/console/orgs/:organizationId/integrations',
  'console.integrations.install':
    '/console/orgs/:organizationId/integrations/:integrationName/installations',
  'console.integrations.configure':
    '/console/orgs/:organizationId/integrations/:integrationName/installations/:installationId',
  'console.integrations.uninstall':
    '/console/orgs/:organizationId/integrations/:integrationName/installations/:installationId',
  'console.integrations.targets.store':
    '/console/orgs/:organizationId/integrations/:integrationName/installations/:installationId/targets',
  'console.integrations.targets.destroy':
    '/console/orgs/:organizationId/integrations/:integrationName/installations/:installationId/:kind/:targetId',
  'console.logout': '/console/logout',
} as const
