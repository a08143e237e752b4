// Generated from the named routes of app/console/routes.ts: do not edit. After changing a
// console route, run tests/functional/console/console_routes.spec.ts with
// WRITE_CONSOLE_ROUTES=1 to write it again; the test fails while it differs from the router.
export const consoleRoutes = {
  'console.login': '/console/login',
  'console.login.store': '/console/login',
  'console.login.sso': '/console/login/sso',
  'console.login.sso.show': '/console/login/sso',
  'console.invite_links.show': '/console/invite-links/:organizationId/:inviteId',
  'console.invite_links.accept': '/console/invite-links/:organizationId/:inviteId/accept',
  'console.invite_links.register': '/console/invite-links/:organizationId/:inviteId/register',
  'console.invite_links.sign_in': '/console/invite-links/:organizationId/:inviteId/sign-in',
  'console.invites.show': '/console/invites/:token',
  'console.invites.accept': '/console/invites/:token/accept',
  'console.invites.register': '/console/invites/:token/register',
  'console.invites.sign_in': '/console/invites/:token/sign-in',
  'console.organizations.index': '/console',
  'console.organizations.store': '/console/orgs',
  'console.account.show': '/console/account',
  'console.account.password': '/console/account/password',
  'console.tokens.index': '/console/tokens',
  'console.tokens.store': '/console/tokens',
  'console.tokens.destroy': '/console/tokens/:tokenId',
  'console.organizations.show': '/console/orgs/:organizationId',
  'console.organizations.update': '/console/orgs/:organizationId',
  'console.organizations.sso': '/console/orgs/:organizationId/sso',
  'console.sso.index': '/console/orgs/:organizationId/sso',
  'console.sso.store': '/console/orgs/:organizationId/sso/providers',
  'console.sso.show': '/console/orgs/:organizationId/sso/providers/:samlProviderId',
  'console.sso.update': '/console/orgs/:organizationId/sso/providers/:samlProviderId',
  'console.sso.destroy': '/console/orgs/:organizationId/sso/providers/:samlProviderId',
  'console.translations.index': '/console/orgs/:organizationId/translations',
  'console.translations.store': '/console/orgs/:organizationId/translations',
  'console.translations.update':
    '/console/orgs/:organizationId/translations/:translationSettingsId',
  'console.translations.destroy':
    '/console/orgs/:organizationId/translations/:translationSettingsId',
  'console.audit.index': '/console/orgs/:organizationId/audit-log',
  'console.members.index': '/console/orgs/:organizationId/members',
  'console.members.update': '/console/orgs/:organizationId/members/:userId',
  'console.members.destroy': '/console/orgs/:organizationId/members/:userId',
  'console.invites.store': '/console/orgs/:organizationId/invites',
  'console.invites.destroy': '/console/orgs/:organizationId/invites/:inviteId',
  'console.invite_links.store': '/console/orgs/:organizationId/invite-links',
  'console.invite_links.destroy': '/console/orgs/:organizationId/invite-links/:inviteId',
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
  'console.change_requests.update': '/console/spaces/:spaceId/change-requests/:changeRequestId',
  'console.change_requests.merge':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/merge',
  'console.change_requests.update_from_space':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/update',
  'console.change_requests.reviewers.store':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers',
  'console.change_requests.reviewers.destroy':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers/:userId',
  'console.change_requests.reviews.store':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/reviews',
  'console.change_requests.pages.show':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId',
  'console.comments.store': '/console/spaces/:spaceId/comments',
  'console.comments.update': '/console/spaces/:spaceId/comments/:commentId',
  'console.comments.destroy': '/console/spaces/:spaceId/comments/:commentId',
  'console.comments.resolve': '/console/spaces/:spaceId/comments/:commentId/resolution',
  'console.comments.react': '/console/spaces/:spaceId/comments/:commentId/reactions',
  'console.comments.replies.store': '/console/spaces/:spaceId/comments/:commentId/replies',
  'console.comments.replies.update':
    '/console/spaces/:spaceId/comments/:commentId/replies/:replyId',
  'console.comments.replies.destroy':
    '/console/spaces/:spaceId/comments/:commentId/replies/:replyId',
  'console.comments.replies.react':
    '/console/spaces/:spaceId/comments/:commentId/replies/:replyId/reactions',
  'console.change_requests.comments.store':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments',
  'console.change_requests.comments.update':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId',
  'console.change_requests.comments.destroy':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId',
  'console.change_requests.comments.resolve':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/resolution',
  'console.change_requests.comments.react':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/reactions',
  'console.change_requests.comments.replies.store':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies',
  'console.change_requests.comments.replies.update':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:replyId',
  'console.change_requests.comments.replies.destroy':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:replyId',
  'console.change_requests.comments.replies.react':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/comments/:commentId/replies/:replyId/reactions',
  'console.change_requests.store': '/console/spaces/:spaceId/change-requests',
  'console.change_requests.pages.store':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages',
  'console.change_requests.pages.edit':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId/edit',
  'console.change_requests.pages.preview':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId/preview',
  'console.change_requests.pages.update':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId',
  'console.change_requests.pages.rename':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId/title',
  'console.change_requests.pages.move':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId/position',
  'console.change_requests.pages.destroy':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/pages/:pageId',
  'console.change_requests.files.store':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/files',
  'console.revisions.show': '/console/spaces/:spaceId/revisions/:revisionId',
  'console.imports.store': '/console/spaces/:spaceId/imports',
  'console.imports.show': '/console/spaces/:spaceId/imports/:importRunId',
  'console.imports.cancel': '/console/spaces/:spaceId/imports/:importRunId/cancel',
  'console.revisions.pages.show': '/console/spaces/:spaceId/revisions/:revisionId/pages/:pageId',
  'console.files.show': '/console/spaces/:spaceId/files/:fileId/:name?',
  'console.change_requests.files.show':
    '/console/spaces/:spaceId/change-requests/:changeRequestId/files/:fileId/:name?',
  'console.revisions.files.show':
    '/console/spaces/:spaceId/revisions/:revisionId/files/:fileId/:name?',
  'console.spaces.search': '/console/spaces/:spaceId/search',
  'console.search': '/console/orgs/:organizationId/search',
  'console.collections.show': '/console/collections/:collectionId',
  'console.collections.update': '/console/collections/:collectionId',
  'console.collections.destroy': '/console/collections/:collectionId',
  'console.spaces.grants.store': '/console/spaces/:spaceId/grants',
  'console.spaces.grants.update': '/console/spaces/:spaceId/grants/:kind/:granteeId',
  'console.spaces.grants.destroy': '/console/spaces/:spaceId/grants/:kind/:granteeId',
  'console.collections.grants.store': '/console/collections/:collectionId/grants',
  'console.collections.grants.update': '/console/collections/:collectionId/grants/:kind/:granteeId',
  'console.collections.grants.destroy':
    '/console/collections/:collectionId/grants/:kind/:granteeId',
  'console.spaces.move': '/console/spaces/:spaceId/move',
  'console.spaces.transfer': '/console/spaces/:spaceId/transfer',
  'console.spaces.duplicate': '/console/spaces/:spaceId/duplicate',
  'console.spaces.restore': '/console/spaces/:spaceId/restore',
  'console.collections.move': '/console/collections/:collectionId/move',
  'console.collections.transfer': '/console/collections/:collectionId/transfer',
  'console.spaces.trash': '/console/orgs/:organizationId/trash',
  'console.spaces.pdf': '/console/spaces/:spaceId/pdf',
  'console.change_requests.pdf': '/console/spaces/:spaceId/change-requests/:changeRequestId/pdf',
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
