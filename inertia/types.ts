/// <reference path="../adonisrc.ts" />
/// <reference path="../config/inertia.ts" />
/// <reference path="../config/auth.ts" />
/*
| The pages' props are what the console's controllers render (InferPageProps); the types of their
| parts are read off those pages. Type-only: nothing from the server reaches the bundle;
| the references above bring the providers' additions to HttpContext (auth, inertia) and the
| shared props into the front end's type-check, as AdonisJS's Inertia starter kits do.
*/
import type { InferPageProps, SharedProps } from '@adonisjs/inertia/types'
import type ConsoleOpenAPIController from '#console/controllers/console_openapi_controller'
import type ListOrganizationsController from '#console/controllers/list_organizations_controller'
import type ShowOrganizationController from '#console/controllers/show_organization_controller'
import type ListMembersController from '#console/controllers/list_members_controller'
import type ListTeamsController from '#console/controllers/list_teams_controller'
import type ShowTeamController from '#console/controllers/show_team_controller'
import type ListSpacesController from '#console/controllers/list_spaces_controller'
import type ShowSpaceController from '#console/controllers/show_space_controller'
import type ShowCollectionController from '#console/controllers/show_collection_controller'
import type ShowContentPageController from '#console/controllers/show_content_page_controller'
import type ShowChangeRequestController from '#console/controllers/show_change_request_controller'
import type ShowRevisionController from '#console/controllers/show_revision_controller'
import type ListSitesController from '#console/controllers/list_sites_controller'
import type ShowSiteController from '#console/controllers/show_site_controller'
import type ConsoleIntegrationsController from '#console/controllers/console_integrations_controller'
import type ConsoleSearchController from '#console/controllers/console_search_controller'
import type ConsoleWritingController from '#console/controllers/console_writing_controller'
import type ConsoleSsoController from '#console/controllers/console_sso_controller'
import type ConsoleTranslationsController from '#console/controllers/console_translations_controller'
import type ConsoleAuditController from '#console/controllers/console_audit_controller'
import type SsoSignInController from '#console/controllers/sso_sign_in_controller'
import type ConsoleTrashController from '#console/controllers/console_trash_controller'
import type InviteAcceptanceController from '#console/controllers/invite_acceptance_controller'
import type ConsoleTokensController from '#console/controllers/console_tokens_controller'
import type ConsoleAccountController from '#console/controllers/console_account_controller'
import type ShowLoginController from '#console/controllers/show_login_controller'

export type OrganizationListPageProps = InferPageProps<ListOrganizationsController, 'handle'>
export type OrganizationSettingsPageProps = InferPageProps<ShowOrganizationController, 'handle'>
export type MembersPageProps = InferPageProps<ListMembersController, 'handle'>
export type TeamsPageProps = InferPageProps<ListTeamsController, 'handle'>
export type TeamPageProps = InferPageProps<ShowTeamController, 'handle'>
export type SpacesPageProps = InferPageProps<ListSpacesController, 'handle'>
export type SpacePageProps = InferPageProps<ShowSpaceController, 'handle'>
export type CollectionPageProps = InferPageProps<ShowCollectionController, 'handle'>
export type ContentPagePageProps = InferPageProps<ShowContentPageController, 'handle'>
export type ChangeRequestPageProps = InferPageProps<ShowChangeRequestController, 'handle'>
export type RevisionPageProps = InferPageProps<ShowRevisionController, 'handle'>
export type SitesPageProps = InferPageProps<ListSitesController, 'handle'>
export type IntegrationsPageProps = InferPageProps<ConsoleIntegrationsController, 'index'>
export type TrashPageProps = InferPageProps<ConsoleTrashController, 'index'>
export type SitePageProps = InferPageProps<ShowSiteController, 'handle'>
export type OpenAPISpecsPageProps = InferPageProps<ConsoleOpenAPIController, 'index'>
export type OpenAPISpecPageProps = InferPageProps<ConsoleOpenAPIController, 'show'>
export type EditPagePageProps = InferPageProps<ConsoleWritingController, 'edit'>
export type SsoPageProps = InferPageProps<ConsoleSsoController, 'index'>
export type SsoProviderPageProps = InferPageProps<ConsoleSsoController, 'show'>
export type TranslationsPageProps = InferPageProps<ConsoleTranslationsController, 'index'>
export type AuditLogPageProps = InferPageProps<ConsoleAuditController, 'index'>
export type SsoChoicePageProps = Exclude<InferPageProps<SsoSignInController, 'start'>, void>
export type InvitePageProps = Extract<
  InferPageProps<InviteAcceptanceController, 'show'>,
  { invite: unknown }
>
export type TokensPageProps = InferPageProps<ConsoleTokensController, 'index'>
export type AccountPageProps = InferPageProps<ConsoleAccountController, 'show'>
export type LoginPageProps = InferPageProps<ShowLoginController, 'handle'>

/**
 * Shared with every page (ConsoleSharedDataMiddleware), and `errors` flashed by a failed form submission
 * (field name or error code → message), which the Inertia middleware shares.
 */
export type ConsoleSharedProps = Pick<SharedProps, keyof SharedProps> & {
  errors?: Record<string, string>
}

/**
 * inertia/pages/errors/error.tsx: rendered by the exception handler and ConsoleRefusalException.
 */
export type ConsoleErrorPageProps = { status: number; message: string; requestId?: string }

export type OrganizationHeaderProps = SpacePageProps['organization']
export type MemberProps = MembersPageProps['members'][number]
export type MemberRole = MemberProps['role']
export type MemberInvitesProps = NonNullable<MembersPageProps['invites']>
export type SpaceTreeNode = SpacesPageProps['tree'][number]
export type GrantsProps = SpacePageProps['grants']
export type ParentProps = SpacePageProps['parent']
export type ContentTreeNode = SpacePageProps['pages'][number]
export type ChangeRequestSummaryProps = SpacePageProps['changeRequests'][number]
export type WebsiteImportProps = SpacePageProps['websiteImport']
export type ImportRunProps = NonNullable<WebsiteImportProps['latest']>
export type ContentSpaceProps = ContentPagePageProps['space']
export type ContentTargetProps = ContentPagePageProps['target']
export type SiteProps = SitePageProps['site']
export type SiteSpaceProps = SitePageProps['rootSiteSpaces'][number]
export type SiteTopLevelItem = SitePageProps['topLevel'][number]
export type SiteSectionProps = SiteTopLevelItem & { type: 'section' }
export type SiteGroupProps = SiteTopLevelItem & { type: 'group' }
export type ShareLinkProps = NonNullable<SitePageProps['shareLinks']>[number]
export type SpaceSearchPageProps = InferPageProps<ConsoleSearchController, 'space'>
export type OrganizationSearchPageProps = InferPageProps<ConsoleSearchController, 'organization'>
export type SearchResultsProps = NonNullable<OrganizationSearchPageProps['results']>
export type TextPieces = SearchResultsProps['hits'][number]['title']
export type SpaceAdministrationProps = NonNullable<SpacePageProps['administration']>
