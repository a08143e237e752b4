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
  changeRequest: () => import('#console/controllers/console_change_request_controller'),
  showRevision: () => import('#console/controllers/show_revision_controller'),
  showFile: () => import('#console/controllers/show_content_file_controller'),
  search: () => import('#console/controllers/console_search_controller'),
  listSites: () => import('#console/controllers/list_sites_controller'),
  createSite: () => import('#console/controllers/create_site_controller'),
  showSite: () => import('#console/controllers/show_site_controller'),
  siteSettings: () => import('#console/controllers/site_settings_controller'),
  siteStructure: () => import('#console/controllers/site_structure_forms_controller'),
  siteShareLinks: () => import('#console/controllers/site_share_links_controller'),
  integrations: () => import('#console/controllers/console_integrations_controller'),
  openapi: () => import('#console/controllers/console_openapi_controller'),
  writing: () => import('#console/controllers/console_writing_controller'),
  comments: () => import('#console/controllers/console_comments_controller'),
  organizationSettings: () => import('#console/controllers/organization_settings_controller'),
  sso: () => import('#console/controllers/console_sso_controller'),
  translations: () => import('#console/controllers/console_translations_controller'),
  grants: () => import('#console/controllers/console_grants_controller'),
  spaceAdmin: () => import('#console/controllers/console_space_admin_controller'),
  trash: () => import('#console/controllers/console_trash_controller'),
  pdf: () => import('#console/controllers/console_pdf_controller'),
  invites: () => import('#console/controllers/console_invites_controller'),
  createOrganization: () => import('#console/controllers/create_organization_controller'),
  tokens: () => import('#console/controllers/console_tokens_controller'),
  account: () => import('#console/controllers/console_account_controller'),
  audit: () => import('#console/controllers/console_audit_controller'),
  imports: () => import('#console/controllers/console_imports_controller'),
}

const SsoSignInController = () => import('#console/controllers/sso_sign_in_controller')

const InviteAcceptanceController = () => import('#console/controllers/invite_acceptance_controller')

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
        // "Sign in with SSO": into the sso domain's SAML sign-in of the organization named.
        router.post('/login/sso', [SsoSignInController, 'start']).as('login.sso')
        router.get('/login/sso', [SsoSignInController, 'show']).as('login.sso.show')
      })
      .use(consoleMiddleware.consoleGuest())

    // An invite's page, signed in or not: an invite link, or an e-mail invite's accept link.
    const inviteActions = (prefix: string, name: string) => {
      router.get(prefix, [InviteAcceptanceController, 'show']).as(`${name}.show`)
      router.post(`${prefix}/accept`, [InviteAcceptanceController, 'accept']).as(`${name}.accept`)
      router
        .post(`${prefix}/register`, [InviteAcceptanceController, 'register'])
        .as(`${name}.register`)
      router
        .post(`${prefix}/sign-in`, [InviteAcceptanceController, 'signInAndJoin'])
        .as(`${name}.sign_in`)
    }
    inviteActions('/invite-links/:organizationId/:inviteId', 'invite_links')
    inviteActions('/invites/:token', 'invites')

    router
      .group(() => {
        router.get('/', [ListOrganizationsController]).as('organizations.index')
        router.post('/orgs', [pages.createOrganization]).as('organizations.store')
        // The signed-in user's account: password change (ends their other sessions).
        router.get('/account', [pages.account, 'show']).as('account.show')
        router.post('/account/password', [pages.account, 'updatePassword']).as('account.password')
        // The signed-in user's API tokens.
        router.get('/tokens', [pages.tokens, 'index']).as('tokens.index')
        router.post('/tokens', [pages.tokens, 'store']).as('tokens.store')
        router.delete('/tokens/:tokenId', [pages.tokens, 'destroy']).as('tokens.destroy')
        router.get('/orgs/:organizationId', [ShowOrganizationController]).as('organizations.show')

        // Organization administration and content, through the domains' services and policies;
        // their refusals become pages and flashed form errors (consoleFailure).
        const org = '/orgs/:organizationId'
        // The organization's settings: general, single sign-on (SAML), translations, audit log.
        const { organizationSettings, sso, translations } = pages
        router.patch(org, [organizationSettings, 'update']).as('organizations.update')
        router.patch(`${org}/sso`, [organizationSettings, 'updateSso']).as('organizations.sso')
        const provider = `${org}/sso/providers/:samlProviderId`
        router.get(`${org}/sso`, [sso, 'index']).as('sso.index')
        router.post(`${org}/sso/providers`, [sso, 'store']).as('sso.store')
        router.get(provider, [sso, 'show']).as('sso.show')
        router.patch(provider, [sso, 'update']).as('sso.update')
        router.delete(provider, [sso, 'destroy']).as('sso.destroy')
        const translation = `${org}/translations/:translationSettingsId`
        router.get(`${org}/translations`, [translations, 'index']).as('translations.index')
        router.post(`${org}/translations`, [translations, 'store']).as('translations.store')
        router.put(translation, [translations, 'update']).as('translations.update')
        router.delete(translation, [translations, 'destroy']).as('translations.destroy')
        router.get(`${org}/audit-log`, [pages.audit, 'index']).as('audit.index')

        router.get(`${org}/members`, [pages.listMembers]).as('members.index')
        router.patch(`${org}/members/:userId`, [pages.updateMember]).as('members.update')
        router.delete(`${org}/members/:userId`, [pages.removeMember]).as('members.destroy')
        const { invites } = pages
        router.post(`${org}/invites`, [invites, 'storeEmails']).as('invites.store')
        router.delete(`${org}/invites/:inviteId`, [invites, 'destroyEmail']).as('invites.destroy')
        router.post(`${org}/invite-links`, [invites, 'storeLink']).as('invite_links.store')
        router
          .delete(`${org}/invite-links/:inviteId`, [invites, 'destroyLink'])
          .as('invite_links.destroy')
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
        // A change request's loop: subject and status, reviewers, reviews, update and merge.
        const cr = `${space}/change-requests/:changeRequestId`
        const { changeRequest } = pages
        router.patch(cr, [changeRequest, 'update']).as('change_requests.update')
        router.post(`${cr}/merge`, [changeRequest, 'merge']).as('change_requests.merge')
        router
          .post(`${cr}/update`, [changeRequest, 'updateFromSpace'])
          .as('change_requests.update_from_space')
        router
          .post(`${cr}/requested-reviewers`, [changeRequest, 'requestReviewer'])
          .as('change_requests.reviewers.store')
        router
          .delete(`${cr}/requested-reviewers/:userId`, [changeRequest, 'removeReviewer'])
          .as('change_requests.reviewers.destroy')
        router.post(`${cr}/reviews`, [changeRequest, 'review']).as('change_requests.reviews.store')
        router
          .get(`${space}/change-requests/:changeRequestId/pages/:pageId`, [pages.showPage])
          .as('change_requests.pages.show')
        // Discussions of the space's pages and of a change request (ConsoleCommentsController).
        for (const [scope, name] of [
          [space, 'comments'],
          [cr, 'change_requests.comments'],
        ]) {
          const { comments } = pages
          const comment = `${scope}/comments/:commentId`
          const reply = `${comment}/replies/:replyId`
          router.post(`${scope}/comments`, [comments, 'store']).as(`${name}.store`)
          router.patch(comment, [comments, 'update']).as(`${name}.update`)
          router.delete(comment, [comments, 'destroy']).as(`${name}.destroy`)
          router.post(`${comment}/resolution`, [comments, 'resolve']).as(`${name}.resolve`)
          router.post(`${comment}/reactions`, [comments, 'react']).as(`${name}.react`)
          router.post(`${comment}/replies`, [comments, 'reply']).as(`${name}.replies.store`)
          router.patch(reply, [comments, 'update']).as(`${name}.replies.update`)
          router.delete(reply, [comments, 'destroy']).as(`${name}.replies.destroy`)
          router.post(`${reply}/reactions`, [comments, 'react']).as(`${name}.replies.react`)
        }
        // Writing in a change request: one authoring batch per form (ConsoleWritingController).
        const { writing } = pages
        router
          .post(`${space}/change-requests`, [writing, 'createChangeRequest'])
          .as('change_requests.store')
        router.post(`${cr}/pages`, [writing, 'insertPage']).as('change_requests.pages.store')
        router.get(`${cr}/pages/:pageId/edit`, [writing, 'edit']).as('change_requests.pages.edit')
        router
          .post(`${cr}/pages/:pageId/preview`, [writing, 'preview'])
          .as('change_requests.pages.preview')
        router.put(`${cr}/pages/:pageId`, [writing, 'save']).as('change_requests.pages.update')
        router
          .patch(`${cr}/pages/:pageId/title`, [writing, 'renamePage'])
          .as('change_requests.pages.rename')
        router
          .patch(`${cr}/pages/:pageId/position`, [writing, 'movePage'])
          .as('change_requests.pages.move')
        router
          .delete(`${cr}/pages/:pageId`, [writing, 'deletePage'])
          .as('change_requests.pages.destroy')
        router.post(`${cr}/files`, [writing, 'upload']).as('change_requests.files.store')
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
        // Reading: the files of rendered pages (on each view of content), and search.
        router.get(`${space}/files/:fileId/:name?`, [pages.showFile]).as('files.show')
        router
          .get(`${space}/change-requests/:changeRequestId/files/:fileId/:name?`, [pages.showFile])
          .as('change_requests.files.show')
        router
          .get(`${space}/revisions/:revisionId/files/:fileId/:name?`, [pages.showFile])
          .as('revisions.files.show')
        router.get(`${space}/search`, [pages.search, 'space']).as('spaces.search')
        router.get(`${org}/search`, [pages.search, 'organization']).as('search')
        router.get('/collections/:collectionId', [pages.showCollection]).as('collections.show')
        router
          .patch('/collections/:collectionId', [pages.updateCollection])
          .as('collections.update')
        router
          .delete('/collections/:collectionId', [pages.deleteCollection])
          .as('collections.destroy')

        // Space and collection administration: grants, move, transfer, duplicate, the trash with
        // restore, and the PDF export (the API's operations, through the same services).
        const { grants, spaceAdmin, trash } = pages
        for (const [base, name] of [
          [space, 'spaces'],
          ['/collections/:collectionId', 'collections'],
        ] as const) {
          const grant = `${base}/grants/:kind/:granteeId`
          router.post(`${base}/grants`, [grants, 'store']).as(`${name}.grants.store`)
          router
            .patch(grant, [grants, 'update'])
            .where('kind', /^(users|teams)$/)
            .as(`${name}.grants.update`)
          router
            .delete(grant, [grants, 'destroy'])
            .where('kind', /^(users|teams)$/)
            .as(`${name}.grants.destroy`)
        }
        router.post(`${space}/move`, [spaceAdmin, 'moveSpace']).as('spaces.move')
        router.post(`${space}/transfer`, [spaceAdmin, 'transferSpace']).as('spaces.transfer')
        router.post(`${space}/duplicate`, [spaceAdmin, 'duplicateSpace']).as('spaces.duplicate')
        router.post(`${space}/restore`, [trash, 'restore']).as('spaces.restore')
        router
          .post('/collections/:collectionId/move', [spaceAdmin, 'moveCollection'])
          .as('collections.move')
        router
          .post('/collections/:collectionId/transfer', [spaceAdmin, 'transferCollection'])
          .as('collections.transfer')
        router.get(`${org}/trash`, [trash, 'index']).as('spaces.trash')
        router.get(`${space}/pdf`, [pages.pdf]).as('spaces.pdf')
        router
          .get(`${space}/change-requests/:changeRequestId/pdf`, [pages.pdf])
          .as('change_requests.pdf')

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
    consoleMiddleware.consoleNoStore(),
    // Before shield, which reads the `_csrf` field of HTML forms. 10 MB: a page's markdown may hold
    // 1,000,000 characters; 20 MB for the files dropped in the editor.
    middleware.body({ limit: '10mb', uploads: '20mb' }),
    middleware.session(),
    consoleMiddleware.boundedFlashInput(),
    consoleMiddleware.shield(),
    consoleMiddleware.inertia(),
    consoleMiddleware.consolePrivatePages(),
    consoleMiddleware.consoleSharedData(),
  ])
