import { apiRoutes } from '#core/http/api_routes'

const ListOrganizationsController = () =>
  import('#organizations/controllers/list_organizations_controller')
const CreateOrganizationController = () =>
  import('#organizations/controllers/create_organization_controller')
const ShowOrganizationController = () =>
  import('#organizations/controllers/show_organization_controller')
const UpdateOrganizationController = () =>
  import('#organizations/controllers/update_organization_controller')
const PingOrganizationController = () =>
  import('#organizations/controllers/ping_organization_controller')
const ListEmailDomainOrganizationsController = () =>
  import('#organizations/controllers/list_email_domain_organizations_controller')

const ListMembersController = () => import('#organizations/controllers/list_members_controller')
const ShowMemberController = () => import('#organizations/controllers/show_member_controller')
const UpdateMemberController = () => import('#organizations/controllers/update_member_controller')
const RemoveMemberController = () => import('#organizations/controllers/remove_member_controller')
const MarkMemberSsoController = () =>
  import('#organizations/controllers/mark_member_sso_controller')
const ListMemberTeamsController = () =>
  import('#organizations/controllers/list_member_teams_controller')
const InviteUsersController = () => import('#organizations/controllers/invite_users_controller')
const AcceptInviteLinkController = () =>
  import('#organizations/controllers/accept_invite_link_controller')
const JoinOrganizationController = () =>
  import('#organizations/controllers/join_organization_controller')
const ListInviteLinksController = () =>
  import('#organizations/controllers/list_invite_links_controller')
const CreateInviteLinkController = () =>
  import('#organizations/controllers/create_invite_link_controller')
const ShowInviteLinkController = () =>
  import('#organizations/controllers/show_invite_link_controller')
const UpdateInviteLinkController = () =>
  import('#organizations/controllers/update_invite_link_controller')
const DeleteInviteLinkController = () =>
  import('#organizations/controllers/delete_invite_link_controller')
const AuditEventsController = () => import('#organizations/controllers/audit_events_controller')
const ListTeamsController = () => import('#organizations/controllers/list_teams_controller')
const CreateTeamController = () => import('#organizations/controllers/create_team_controller')
const ShowTeamController = () => import('#organizations/controllers/show_team_controller')
const UpdateTeamController = () => import('#organizations/controllers/update_team_controller')
const DeleteTeamController = () => import('#organizations/controllers/delete_team_controller')
const ListTeamMembersController = () =>
  import('#organizations/controllers/list_team_members_controller')
const UpdateTeamMembersController = () =>
  import('#organizations/controllers/update_team_members_controller')
const SetTeamMemberController = () =>
  import('#organizations/controllers/set_team_member_controller')
const RemoveTeamMemberController = () =>
  import('#organizations/controllers/remove_team_member_controller')

const O = '/orgs/:organizationId'
const membersRead = 'organization:members:read'
const membersWrite = 'organization:members:write'

apiRoutes([
  ['get', '/orgs', ListOrganizationsController, 'organization:read'],
  ['post', '/orgs', CreateOrganizationController, 'organization:write'],
  ['get', O, ShowOrganizationController, 'organization:read'],
  ['patch', O, UpdateOrganizationController, 'organization:write'],
  ['post', `${O}/ping`, PingOrganizationController, 'organization:read'],
  [
    'get',
    '/email-domains/:emailDomain/orgs',
    ListEmailDomainOrganizationsController,
    'organization:read',
  ],

  // Members
  ['get', `${O}/members`, ListMembersController, membersRead],
  ['get', `${O}/members/:userId`, ShowMemberController, membersRead],
  ['patch', `${O}/members/:userId`, UpdateMemberController, membersWrite],
  ['delete', `${O}/members/:userId`, RemoveMemberController, membersWrite],
  ['post', `${O}/members/:userId/sso`, MarkMemberSsoController, membersWrite],
  ['get', `${O}/members/:userId/teams`, ListMemberTeamsController, membersRead],

  // Invites and joining
  ['post', `${O}/invites`, InviteUsersController, membersWrite],
  ['post', `${O}/invites/:inviteId`, AcceptInviteLinkController, membersWrite],
  ['post', `${O}/join`, JoinOrganizationController, membersWrite],
  ['get', `${O}/link-invites`, ListInviteLinksController, membersRead],
  ['post', `${O}/link-invites`, CreateInviteLinkController, membersWrite],
  ['get', `${O}/link-invites/:inviteId`, ShowInviteLinkController, membersRead],
  ['patch', `${O}/link-invites/:inviteId`, UpdateInviteLinkController, membersWrite],
  ['delete', `${O}/link-invites/:inviteId`, DeleteInviteLinkController, membersWrite],

  // Audit log (admins): GitBook asks for no more than organization:read.
  ['get', `${O}/audit-events`, [AuditEventsController, 'index'], 'organization:read'],
  ['get', `${O}/audit-events/:auditEventId`, [AuditEventsController, 'show'], 'organization:read'],
  ['get', `${O}/audit-event-actions`, [AuditEventsController, 'actions'], 'organization:read'],

  // Teams and team members
  ['get', `${O}/teams`, ListTeamsController, membersRead],
  ['put', `${O}/teams`, CreateTeamController, membersWrite],
  ['get', `${O}/teams/:teamId`, ShowTeamController, membersRead],
  ['patch', `${O}/teams/:teamId`, UpdateTeamController, membersWrite],
  ['delete', `${O}/teams/:teamId`, DeleteTeamController, membersWrite],
  ['get', `${O}/teams/:teamId/members`, ListTeamMembersController, membersRead],
  ['put', `${O}/teams/:teamId/members`, UpdateTeamMembersController, membersWrite],
  ['put', `${O}/teams/:teamId/members/:userId`, SetTeamMemberController, membersWrite],
  ['delete', `${O}/teams/:teamId/members/:userId`, RemoveTeamMemberController, membersWrite],
])
