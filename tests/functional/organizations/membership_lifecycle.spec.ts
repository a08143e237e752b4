import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller } from '#tests/helpers/callers'

/**
 * End to end, through the API alone: a person is invited, joins, is put in a team, changes role,
 * and is removed.
 */
groupInTransaction('Membership lifecycle', () => {
  test('invited, joined, teamed, promoted, removed', async ({ client, assert }) => {
    const admin = await createCaller({ org: 'Lifecycle' })
    const org = `/v1/orgs/${admin.organizationId}`
    // The newcomer has an account (and a token) but no business with this organization yet.
    const newcomer = await createCaller({ email: 'lifecycle.newcomer@example.com' })
    const as = (caller: { token: string }) => ({
      get: (path: string) => callAs(client, caller).get(`${org}${path}`),
      post: (path: string, body?: object) =>
        callAs(client, caller).post(`${org}${path}`, body ?? {}),
      put: (path: string, body?: object) => callAs(client, caller).put(`${org}${path}`, body ?? {}),
      patch: (path: string, body: object) => callAs(client, caller).patch(`${org}${path}`, body),
      delete: (path: string) => callAs(client, caller).delete(`${org}${path}`),
    })

    const outside = await as(newcomer).get('')
    outside.assertStatus(404)

    const invite = await as(admin).post('/invites', {
      emails: ['Lifecycle.Newcomer@example.com'],
      role: 'read',
    })
    assertAnswer(invite, 200)
    assert.equal(invite.body().invited, 1)

    const join = await as(newcomer).post('/join')
    assertAnswer(join, 204)
    const orgAsNewcomer = await as(newcomer).get('')
    assertAnswer(orgAsNewcomer, 200)
    assert.isFalse(orgAsNewcomer.body().permissions.admin)
    assert.isTrue(orgAsNewcomer.body().permissions.listMembers)

    const team = await as(admin).put('/teams', { title: 'Docs crew' })
    assertAnswer(team, 201)
    const teamPath = `/teams/${team.body().id}`
    const added = await as(admin).put(`${teamPath}/members/${newcomer.user.id}`, { role: 'owner' })
    assertAnswer(added, 204)

    const ownOrg = await as(newcomer).get('')
    assert.isTrue(ownOrg.body().permissions.ownTeam)
    const teamAsOwner = await as(newcomer).get(teamPath)
    teamAsOwner.assertContract()
    assert.deepEqual(teamAsOwner.body().permissions, { admin: true, view: true })
    assert.equal(teamAsOwner.body().members, 1)
    // As the team's owner, the newcomer manages its members.
    const byOwner = await as(newcomer).put(`${teamPath}/members`, { add: [admin.email] })
    assertAnswer(byOwner, 204)

    const promoted = await as(admin).patch(`/members/${newcomer.user.id}`, { role: 'admin' })
    assertAnswer(promoted, 200)
    assert.equal(promoted.body().role, 'admin')
    assert.equal(promoted.body().teams, 1)
    const orgAsAdmin = await as(newcomer).get('')
    assert.isTrue(orgAsAdmin.body().permissions.admin)

    // Now an admin, the newcomer may demote the founder, who is no longer the last admin.
    const demoted = await as(newcomer).patch(`/members/${admin.user.id}`, { role: 'edit' })
    assertAnswer(demoted, 200)
    const restored = await as(newcomer).patch(`/members/${admin.user.id}`, { role: 'admin' })
    restored.assertStatus(200)

    const removed = await as(admin).delete(`/members/${newcomer.user.id}`)
    assertAnswer(removed, 204)
    const gone = await as(newcomer).get('')
    assertAnswer(gone, 404)
    const teamAfter = await as(admin).get(teamPath)
    assert.equal(teamAfter.body().members, 1)
    const members = await as(admin).get('/members')
    members.assertContract()
    assert.deepEqual(
      members.body().items.map((item: any) => item.id),
      [admin.user.id]
    )
  })
})
