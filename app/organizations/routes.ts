import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

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

router
  .group(() => {
    router.get('/orgs', [ListOrganizationsController]).use(middleware.scope('organization:read'))
    router.post('/orgs', [CreateOrganizationController]).use(middleware.scope('organization:write'))
    router
      .get('/orgs/:organizationId', [ShowOrganizationController])
      .use(middleware.scope('organization:read'))
    router
      .patch('/orgs/:organizationId', [UpdateOrganizationController])
      .use(middleware.scope('organization:write'))
    router
      .post('/orgs/:organizationId/ping', [PingOrganizationController])
      .use(middleware.scope('organization:read'))
    router
      .get('/email-domains/:emailDomain/orgs', [ListEmailDomainOrganizationsController])
      .use(middleware.scope('organization:read'))

    // Members
    const O = '/orgs/:organizationId'
    const membersRead = middleware.scope('organization:members:read')
    const membersWrite = middleware.scope('organization:members:write')
    router.get(`${O}/members`, [ListMembersController]).use(membersRead)
    router.get(`${O}/members/:userId`, [ShowMemberController]).use(membersRead)
    router.patch(`${O}/members/:userId`, [UpdateMemberController]).use(membersWrite)
    router.delete(`${O}/members/:userId`, [RemoveMemberController]).use(membersWrite)
    router.post(`${O}/members/:userId/sso`, [MarkMemberSsoController]).use(membersWrite)
    router.get(`${O}/members/:userId/teams`, [ListMemberTeamsController]).use(membersRead)

    // Invites and joining
    router.post(`${O}/invites`, [InviteUsersController]).use(membersWrite)
    router.post(`${O}/invites/:inviteId`, [AcceptInviteLinkController]).use(membersWrite)
    router.post(`${O}/join`, [JoinOrganizationController]).use(membersWrite)
    router.get(`${O}/link-invites`, [ListInviteLinksController]).use(membersRead)
    router.post(`${O}/link-invites`, [CreateInviteLinkController]).use(membersWrite)
    router.get(`${O}/link-invites/:inviteId`, [ShowInviteLinkController]).use(membersRead)
    router.patch(`${O}/link-invites/:inviteId`, [UpdateInviteLinkController]).use(membersWrite)
    router.delete(`${O}/link-invites/:inviteId`, [DeleteInviteLinkController]).use(membersWrite)

    // Teams and team members
    router.get(`${O}/teams`, [ListTeamsController]).use(membersRead)
    router.put(`${O}/teams`, [CreateTeamController]).use(membersWrite)
    router.get(`${O}/teams/:teamId`, [ShowTeamController]).use(membersRead)
    router.patch(`${O}/teams/:teamId`, [UpdateTeamController]).use(membersWrite)
    router.delete(`${O}/teams/:teamId`, [DeleteTeamController]).use(membersWrite)
    router.get(`${O}/teams/:teamId/members`, [ListTeamMembersController]).use(membersRead)
    router.put(`${O}/teams/:teamId/members`, [UpdateTeamMembersController]).use(membersWrite)
    router.put(`${O}/teams/:teamId/members/:userId`, [SetTeamMemberController]).use(membersWrite)
    router
      .delete(`${O}/teams/:teamId/members/:userId`, [RemoveTeamMemberController])
      .use(membersWrite)
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
