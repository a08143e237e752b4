import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import TeamPolicy from '#organizations/policies/team_policy'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import type { OrganizationAccess } from '#organizations/organization_access'
import type { TeamRecord } from '#organizations/services/team_service'
import type { RoleOrGuest } from '#core/roles'
import type { TeamRole } from '#organizations/models/team_member'

const caller = { id: 'C'.repeat(20) } as User

function access(
  role: RoleOrGuest,
  options: { isMember?: boolean; ownsTeam?: boolean } = {}
): OrganizationAccess {
  return {
    organization: {
      id: 'O'.repeat(20),
      title: 'Org',
      hostname: null,
      type: 'business',
      useCase: null,
      communityType: null,
      defaultRole: null,
      defaultContent: null,
      sso: false,
      ai: false,
      inviteLinks: true,
      plan: 'enterprise_2024',
      logoUrl: null,
      createdAt: DateTime.utc(),
      emailDomains: [],
    },
    isMember: options.isMember ?? true,
    role,
    ownsTeam: options.ownsTeam,
  }
}

function team(callerRole: TeamRole | null): TeamRecord {
  return {
    id: 'T'.repeat(20),
    organizationId: 'O'.repeat(20),
    title: 'Team',
    createdAt: DateTime.utc(),
    members: 1,
    spaces: 0,
    callerRole,
  }
}

test.group('TeamPolicy permissions', () => {
  test('{name}: admin {admin}, view {view}')
    .with([
      {
        name: 'organization admin outside the team',
        role: 'admin',
        teamRole: null,
        admin: true,
        view: true,
      },
      { name: 'reader outside the team', role: 'read', teamRole: null, admin: false, view: true },
      { name: 'reader owning the team', role: 'read', teamRole: 'owner', admin: true, view: true },
      { name: 'editor in the team', role: 'edit', teamRole: 'member', admin: false, view: true },
      { name: 'guest outside the team', role: null, teamRole: null, admin: false, view: false },
      { name: 'guest in the team', role: null, teamRole: 'member', admin: false, view: true },
      { name: 'guest owning the team', role: null, teamRole: 'owner', admin: true, view: true },
    ] as const)
    .run(({ assert }, { role, teamRole, admin, view }) => {
      assert.deepEqual(new TeamPolicy().permissions(caller, access(role), team(teamRole)), {
        admin,
        view,
      })
    })

  test('a non-member gets nothing, whatever the row says', ({ assert }) => {
    const outsider = access('admin', { isMember: false, ownsTeam: true })
    assert.deepEqual(new TeamPolicy().permissions(caller, outsider, team('owner')), {
      admin: false,
      view: false,
    })
    assert.isFalse(new OrganizationPolicy().permissions(caller, outsider).ownTeam)
  })
})

test.group('OrganizationPolicy member permissions', () => {
  test('ownTeam follows team ownership; guests neither list members nor teams', ({ assert }) => {
    const policy = new OrganizationPolicy()
    assert.isTrue(policy.permissions(caller, access('read', { ownsTeam: true })).ownTeam)
    assert.isFalse(policy.permissions(caller, access('admin')).ownTeam)
    const guest = policy.permissions(caller, access(null))
    assert.isFalse(guest.listMembers)
    assert.isFalse(guest.listTeams)
    assert.isTrue(policy.viewMember(caller, access(null), caller.id))
    assert.isFalse(policy.viewMember(caller, access(null), 'X'.repeat(20)))
  })
})
