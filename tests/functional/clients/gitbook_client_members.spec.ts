import { test } from '@japa/runner'
import { assertClientError } from '#tests/helpers/client_errors'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import type { MemberRole, TeamMemberRole } from '../../../node_modules/@gitbook/api/dist/client.js'

// The client types roles as TypeScript enums; the wire carries the plain strings.
const role = (value: string) => value as MemberRole

/**
 * Members, invites and teams through GitBook's own client, over real HTTP.
 */
test.group('GitBookAPI client: members, invites and teams', (group) => {
  eachTestInTransaction(group)

  test('invites, joins, lists and updates members', async ({ assert }) => {
    const admin = await createCaller({ org: 'Client Members' })
    const api = gitbookClient(admin.token)
    const newcomer = await createCaller({ email: 'newcomer@client.test' })
    const newcomerApi = gitbookClient(newcomer.token)

    const { data: invited } = await api.orgs.inviteUsersToOrganization(admin.organizationId, {
      emails: [{ email: newcomer.email, role: role('edit') }],
    })
    assert.equal(invited.invited, 1)
    assert.deepEqual(invited.users, [])

    const joined = await newcomerApi.orgs.joinOrganization(admin.organizationId)
    assert.equal(joined.status, 204)

    const { data: list } = await api.orgs.listMembersInOrganizationById(admin.organizationId, {
      search: 'NEWCOMER',
    })
    assert.deepEqual(
      list.items.map((member: { id: string }) => member.id),
      [newcomer.user.id]
    )
    const { data: member } = await api.orgs.getMemberInOrganizationById(
      admin.organizationId,
      newcomer.user.id
    )
    assert.equal(member.role, 'edit')

    const { data: updated } = await api.orgs.updateMemberInOrganizationById(
      admin.organizationId,
      newcomer.user.id,
      {
        role: role('read'),
      }
    )
    assert.equal(updated.role, 'read')
    const { data: sso } = await api.orgs.setUserAsSsoMemberForOrganization(
      admin.organizationId,
      newcomer.user.id
    )
    assert.isTrue(sso.sso)

    const removed = await api.orgs.removeMemberFromOrganizationById(
      admin.organizationId,
      newcomer.user.id
    )
    assert.equal(removed.status, 204)
    await assertClientError(
      assert,
      api.orgs.getMemberInOrganizationById(admin.organizationId, newcomer.user.id),
      404
    )
  })

  test('manages invite links', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const { data: link } = await api.orgs.createOrganizationInvite(admin.organizationId, {
      role: role('comment'),
    })
    assert.equal(link.object, 'invite')
    const { data: links } = await api.orgs.listOrganizationInviteLinks(admin.organizationId)
    assert.deepEqual(
      links.items.map((item: { id: string }) => item.id),
      [link.id]
    )
    const { data: read } = await api.orgs.getOrganizationInviteLink(admin.organizationId, link.id)
    assert.equal(read.id, link.id)
    const { data: updated } = await api.orgs.updateOrganizationInviteById(
      admin.organizationId,
      link.id,
      { role: role('edit') }
    )
    assert.equal((updated as { role: string }).role, 'edit')

    const friend = await createCaller()
    const { data: accepted } = await gitbookClient(friend.token).orgs.joinOrganizationWithInvite(
      admin.organizationId,
      link.id
    )
    assert.deepEqual(accepted, {})
    const { data: member } = await api.orgs.getMemberInOrganizationById(
      admin.organizationId,
      friend.user.id
    )
    assert.equal(member.role, 'edit')

    const deleted = await api.orgs.deleteOrganizationInviteById(admin.organizationId, link.id)
    assert.equal(deleted.status, 205)
  })

  test('creates and manages teams and their members', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const writer = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })

    const { data: team } = await api.orgs.createOrganizationTeam(admin.organizationId, {
      title: 'Client Team',
      members: [writer.user.id],
    })
    assert.equal(team.members, 1)

    const added = await api.orgs.addMemberToOrganizationTeamById(
      admin.organizationId,
      team.id,
      reader.user.id,
      {
        role: 'owner' as TeamMemberRole,
      }
    )
    assert.equal(added.status, 204)
    const bulk = await api.orgs.updateMembersInOrganizationTeam(admin.organizationId, team.id, {
      add: [admin.email],
      remove: [writer.user.id],
    })
    assert.equal(bulk.status, 204)

    const { data: members } = await api.orgs.listTeamMembersInOrganizationById(
      admin.organizationId,
      team.id
    )
    assert.sameMembers(
      members.items.map((item: { organization: { id: string } }) => item.organization.id),
      [reader.user.id, admin.user.id]
    )

    const { data: owned } = await api.orgs.listTeamsInOrganizationById(admin.organizationId, {
      owner: reader.user.id,
    })
    assert.deepEqual(
      owned.items.map((item: { id: string }) => item.id),
      [team.id]
    )
    const { data: theirs } = await api.orgs.listTeamsForOrganizationMember(
      admin.organizationId,
      reader.user.id,
      {
        title: 'client',
      }
    )
    assert.equal(theirs.items[0].member.role, 'owner')

    const { data: renamed } = await api.orgs.updateTeamInOrganizationById(
      admin.organizationId,
      team.id,
      {
        title: 'Renamed',
      }
    )
    assert.equal(renamed.title, 'Renamed')
    const { data: read } = await api.orgs.getTeamInOrganizationById(admin.organizationId, team.id)
    assert.equal(read.members, 2)

    const out = await api.orgs.deleteMemberFromOrganizationTeamById(
      admin.organizationId,
      team.id,
      reader.user.id
    )
    assert.equal(out.status, 204)
    const deleted = await api.orgs.removeTeamFromOrganizationById(admin.organizationId, team.id)
    assert.equal(deleted.status, 204)
  })
})
