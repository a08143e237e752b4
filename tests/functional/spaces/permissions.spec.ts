import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller, createMember, eachTestInTransaction } from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import { newId } from '#core/ids'
import SpaceAccessService from '#spaces/services/space_access_service'
import { create as createOf, createCollection, createSpace, KINDS, type Kind } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

test.group('Effective roles through collections, teams and guests', (group) => {
  eachTestInTransaction(group)

  // On everything below it, spaces and collections.
  test("an ancestor's defaultLevel raises members below it", async ({ client, assert }) => {
    const admin = await createCaller()
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const top = await createCollection(client, admin)
    const middle = await createCollection(client, admin, { parent: top.id })
    const space = await createSpace(client, admin, { parent: middle.id })

    const before = await apiAs(client, reader).get(`/v1/spaces/${space.id}`)
    before.assertContract()
    assert.isFalse(before.body().permissions.edit)

    await apiAs(client, admin).patch(`/v1/collections/${top.id}`, { defaultLevel: 'edit' })
    const after = await apiAs(client, reader).get(`/v1/spaces/${space.id}`)
    assertAnswer(after, 200)
    assert.isTrue(after.body().permissions.edit)
    assert.isFalse(after.body().permissions.admin)

    await apiAs(client, admin).patch(`/v1/collections/${middle.id}`, { defaultLevel: 'admin' })
    const patch = await apiAs(client, reader).patch(`/v1/spaces/${space.id}`, {
      title: 'By reader',
    })
    assertAnswer(patch, 200)
    const collection = await apiAs(client, reader).get(`/v1/collections/${middle.id}`)
    assert.isTrue(collection.body().permissions.admin)
    const topForReader = await apiAs(client, reader).get(`/v1/collections/${top.id}`)
    assert.isFalse(topForReader.body().permissions.admin)

    // Moved out of the collection, the space loses what it inherited.
    await apiAs(client, admin).post(`/v1/spaces/${space.id}/move`, { parent: null })
    const moved = await apiAs(client, reader).get(`/v1/spaces/${space.id}`)
    assert.isFalse(moved.body().permissions.edit)
  })

  // A defaultLevel opens nothing to a guest.
  test('a guest sees only what is granted to them or their teams', async ({ client, assert }) => {
    const admin = await createCaller()
    const guest = await createCaller({ organizationId: admin.organizationId, role: null })
    const shared = await createCollection(client, admin)
    const nested = await createCollection(client, admin, { parent: shared.id })
    const inShared = await createSpace(client, admin, { parent: nested.id, title: 'In shared' })
    const direct = await createSpace(client, admin, { title: 'Direct' })
    const viaTeam = await createSpace(client, admin, { title: 'Via team' })
    const open = await createSpace(client, admin, { title: 'Open to members' })
    await createSpace(client, admin, { title: 'Hidden' })
    await apiAs(client, admin).patch(`/v1/spaces/${open.id}`, { defaultLevel: 'edit' })

    const titles = async () => {
      const response = await apiAs(client, guest).get(`/v1/orgs/${admin.organizationId}/spaces`)
      return response.body().items.map((s: any) => s.title)
    }
    assert.deepEqual(await titles(), [])

    const inviteCollection = await apiAs(client, admin).post(
      `/v1/collections/${shared.id}/permissions`,
      { role: 'read', users: [guest.user.id] }
    )
    assertAnswer(inviteCollection, 204)
    const inviteSpace = await apiAs(client, admin).post(`/v1/spaces/${direct.id}/permissions`, {
      role: 'comment',
      users: [guest.user.id],
    })
    assertAnswer(inviteSpace, 204)
    const team = await createTeam(admin.organizationId, [guest.user.id])
    const inviteTeam = await apiAs(client, admin).post(`/v1/spaces/${viaTeam.id}/permissions`, {
      role: 'edit',
      teams: [team],
    })
    inviteTeam.assertStatus(204)

    const list = await apiAs(client, guest).get(`/v1/orgs/${admin.organizationId}/spaces`)
    assertAnswer(list, 200)
    assert.sameMembers(
      list.body().items.map((s: any) => s.title),
      ['In shared', 'Direct', 'Via team']
    )
    assert.equal(list.body().count, 3)

    const viaTeamRead = await apiAs(client, guest).get(`/v1/spaces/${viaTeam.id}`)
    viaTeamRead.assertContract()
    assert.isTrue(viaTeamRead.body().permissions.edit)
    const openRead = await apiAs(client, guest).get(`/v1/spaces/${open.id}`)
    assertAnswer(openRead, 404)

    const collections = await apiAs(client, guest).get(
      `/v1/orgs/${admin.organizationId}/collections`
    )
    collections.assertContract()
    assert.sameMembers(
      collections.body().items.map((c: any) => c.id),
      [shared.id, nested.id]
    )
    const inside = await apiAs(client, guest).get(`/v1/collections/${nested.id}/spaces`)
    inside.assertContract()
    assert.deepEqual(
      inside.body().items.map((s: any) => s.id),
      [inShared.id]
    )

    // A guest with a grant still cannot create at the root nor in a collection they only read.
    const create = await apiAs(client, guest).post(`/v1/orgs/${admin.organizationId}/spaces`, {
      parent: shared.id,
    })
    assertAnswer(create, 403)
  })

  // Removing the grant removes the access.
  test('a team grant on a collection reaches the team members', async ({ client, assert }) => {
    const admin = await createCaller()
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const team = await createTeam(admin.organizationId, [reader.user.id])
    const collection = await createCollection(client, admin)
    const space = await createSpace(client, admin, { parent: collection.id })

    const grant = await apiAs(client, admin).patch(
      `/v1/collections/${collection.id}/permissions/teams/${team}`,
      { role: 'admin' }
    )
    assertAnswer(grant, 204)
    const read = await apiAs(client, reader).get(`/v1/spaces/${space.id}`)
    assert.isTrue(read.body().permissions.admin)

    const teams = await apiAs(client, reader).get(
      `/v1/collections/${collection.id}/permissions/teams`
    )
    assertAnswer(teams, 200)
    assert.equal(teams.body().items[0].permission, 'admin')
    assert.include(teams.body().items[0].team, { id: team, members: 1, spaces: 1 })

    const removed = await apiAs(client, admin).delete(
      `/v1/collections/${collection.id}/permissions/teams/${team}`
    )
    assertAnswer(removed, 205)
    const again = await apiAs(client, admin).delete(
      `/v1/collections/${collection.id}/permissions/teams/${team}`
    )
    assertAnswer(again, 204)
    const after = await apiAs(client, reader).get(`/v1/spaces/${space.id}`)
    assert.isFalse(after.body().permissions.admin)
  })
})

/**
 * An organization's admin, a new `kind` of theirs and the URL of its permissions.
 */
async function grantsOf(client: ApiClient, kind: Kind) {
  const admin = await createCaller()
  const target = await createOf(kind, client, admin)
  return { admin, base: `/v1/${KINDS[kind].path}/${target.id}/permissions` }
}

test.group('Permission operations on spaces and collections', (group) => {
  eachTestInTransaction(group)

  test('invite, list, update and remove users on a {kind}')
    .with([{ kind: 'space' as Kind }, { kind: 'collection' as Kind }])
    .run(async ({ client, assert }, { kind }) => {
      const { admin, base } = await grantsOf(client, kind)
      const api = apiAs(client, admin)
      const member = await createCaller({ organizationId: admin.organizationId, role: 'read' })
      assertAnswer(await api.post(base, { role: 'edit', users: [member.user.id] }), 204)
      const list = await api.get(`${base}/users`)
      assertAnswer(list, 200)
      const granted = list.body().items.filter((item: any) => item.user.id === member.user.id)
      assert.equal(granted[0].permission, 'edit')

      assertAnswer(await api.patch(`${base}/users/${member.user.id}`, { role: 'review' }), 204)
      const listed = await apiAs(client, member).get(`${base}/users`, { limit: 1000 })
      listed.assertContract()
      assert.equal(
        listed.body().items.find((i: any) => i.user.id === member.user.id).permission,
        'review'
      )

      assertAnswer(await api.delete(`${base}/users/${member.user.id}`), 205)
      assertAnswer(await api.delete(`${base}/users/${member.user.id}`), 204)

      const nullRole = await api.post(base, { role: 'read', users: [member.user.id] })
      nullRole.assertStatus(204)
      const cleared = await api.patch(`${base}/users/${member.user.id}`, { role: null })
      cleared.assertStatus(204)
      const empty = await api.get(`${base}/users`)
      assert.notInclude(
        empty.body().items.map((i: any) => i.user.id),
        member.user.id
      )
    })

  test('{kind}: invite rejects bad input and unknown or foreign users and teams, changing nothing')
    .with([{ kind: 'space' as Kind }, { kind: 'collection' as Kind }])
    .run(async ({ client, assert }, { kind }) => {
      const { admin, base } = await grantsOf(client, kind)
      const api = apiAs(client, admin)
      const other = await createCaller() // An admin of another organization.
      const member = await createMember(admin.organizationId, 'read')
      const foreignTeam = await createTeam(other.organizationId, [])
      const [before] = await db.from('content_grants').count('* as total')
      for (const [body, status] of [
        [{ users: [member.user.id] }, 400],
        [{ role: 'owner', users: [member.user.id] }, 400],
        [{ role: 'read' }, 400],
        [{ role: 'read', users: [] }, 400],
        [{ role: 'read', users: 'everyone' }, 400],
        [{ role: 'read', users: [member.user.id, newId()] }, 404],
        [{ role: 'read', users: [other.user.id] }, 404],
        [{ role: 'read', teams: [foreignTeam] }, 404],
      ] as const) {
        assertAnswer(await api.post(base, body), status)
      }
      const [after] = await db.from('content_grants').count('* as total')
      assert.equal(Number(after.total), Number(before.total))
      assertAnswer(await api.patch(`${base}/users/${member.user.id}`, { role: 'boss' }), 400)
      assertAnswer(await api.patch(`${base}/teams/${newId()}`, { role: 'read' }), 404)
      assertAnswer(await api.get(`${base}/users`, { limit: 1001 }), 400)
    })

  test('{kind}: only admins change grants; non-members get 404')
    .with([{ kind: 'space' as Kind }, { kind: 'collection' as Kind }])
    .run(async ({ client }, { kind }) => {
      const { admin, base } = await grantsOf(client, kind)
      const creator = await createCaller({ organizationId: admin.organizationId, role: 'create' })
      const [asCreator, asStranger] = [apiAs(client, creator), apiAs(client, await createCaller())]
      for (const request of [
        asCreator.post(base, { role: 'read', users: [creator.user.id] }),
        asCreator.patch(`${base}/users/${creator.user.id}`, { role: 'admin' }),
        asCreator.delete(`${base}/teams/${newId()}`),
      ]) {
        assertAnswer(await request, 403)
      }
      for (const request of [asStranger.get(`${base}/users`), asStranger.get(`${base}/teams`)]) {
        assertAnswer(await request, 404)
      }
    })

  test('{kind}: aggregate lists everyone who can access it with their effective role')
    .with([{ kind: 'space' as Kind }, { kind: 'collection' as Kind }])
    .run(async ({ client, assert }, { kind }) => {
      const admin = await createCaller()
      const reader = await createMember(admin.organizationId, 'read')
      const guest = await createCaller({ organizationId: admin.organizationId, role: null })
      const outsider = await createMember(admin.organizationId, null)
      const team = await createTeam(admin.organizationId, [guest.user.id])
      const parent = await createCollection(client, admin)
      await apiAs(client, admin).patch(`/v1/collections/${parent.id}`, { defaultLevel: 'comment' })
      const target = await createOf(kind, client, admin, { parent: parent.id })
      await apiAs(client, admin).post(`/v1/collections/${parent.id}/permissions`, {
        role: 'edit',
        teams: [team],
      })

      const aggregate = (qs?: Record<string, unknown>) =>
        apiAs(client, admin).get(`/v1/${KINDS[kind].path}/${target.id}/permissions/aggregate`, qs)
      const response = await aggregate()
      assertAnswer(response, 200)
      const byUser = Object.fromEntries(
        response.body().items.map((i: any) => [i.user.id, i.permission])
      )
      assert.deepEqual(byUser, {
        [admin.user.id]: 'admin',
        [reader.user.id]: 'comment',
        [guest.user.id]: 'edit',
      })
      assert.notProperty(byUser, outsider.user.id)

      const editors = await aggregate({ role: 'edit', limit: 1 })
      assertAnswer(editors, 200)
      assert.equal(editors.body().count, 1)
      assert.equal(editors.body().items[0].user.id, guest.user.id)

      const paged = await aggregate({ limit: 2 })
      const rest = await aggregate({ limit: 2, page: paged.body().next.page })
      rest.assertContract()
      assert.equal(paged.body().items.length + rest.body().items.length, 3)

      const badRole = await aggregate({ role: 'owner' })
      assertAnswer(badRole, 400)
    })

  test('needs the space:permissions:write scope', async ({ client }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const { default: User } = await import('#accounts/models/user')
    const token = await User.accessTokens.create(admin.user, ['space:read', 'space:write'])
    const response = await client
      .post(`/v1/spaces/${space.id}/permissions`)
      .bearerToken(token.value!.release())
      .json({ role: 'read', users: [admin.user.id] })
    assertAnswer(response, 403)
  })
})

test.group('GET /v1/orgs/{organizationId}/members/{userId}/spaces', (group) => {
  eachTestInTransaction(group)

  test("lists a member's spaces with their effective permission", async ({ client, assert }) => {
    const admin = await createCaller()
    const guest = await createCaller({ organizationId: admin.organizationId, role: null })
    const reader = await createMember(admin.organizationId, 'read')
    const a = await createSpace(client, admin, { title: 'A' })
    await createSpace(client, admin, { title: 'B' })
    await apiAs(client, admin).post(`/v1/spaces/${a.id}/permissions`, {
      role: 'edit',
      users: [guest.user.id],
    })

    const response = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/members/${guest.user.id}/spaces`
    )
    assertAnswer(response, 200)
    assert.equal(response.body().count, 1)
    assert.equal(response.body().items[0].permission, 'edit')
    assert.equal(response.body().items[0].space.id, a.id)
    assert.isTrue(
      response.body().items[0].space.permissions.admin,
      "the space's permissions are the caller's"
    )

    const readerSpaces = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/members/${reader.user.id}/spaces`,
      { order: 'asc' }
    )
    readerSpaces.assertContract()
    assert.deepEqual(
      readerSpaces.body().items.map((i: any) => [i.space.title, i.permission]),
      [
        ['A', 'read'],
        ['B', 'read'],
      ]
    )

    const self = await apiAs(client, guest).get(
      `/v1/orgs/${admin.organizationId}/members/${guest.user.id}/spaces`
    )
    assertAnswer(self, 200)
    const others = await apiAs(client, guest).get(
      `/v1/orgs/${admin.organizationId}/members/${reader.user.id}/spaces`
    )
    assertAnswer(others, 403)
    const unknown = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/members/${newId()}/spaces`
    )
    assertAnswer(unknown, 404)
    const badOrder = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/members/${reader.user.id}/spaces`,
      { order: 'sideways' }
    )
    assertAnswer(badOrder, 400)
  })

  test('countSpacesOfMembers and countSpacesOfTeams', async ({ client, assert }) => {
    const admin = await createCaller()
    const guest = await createCaller({ organizationId: admin.organizationId, role: null })
    const collection = await createCollection(client, admin)
    await createSpace(client, admin, { parent: collection.id })
    await createSpace(client, admin, { parent: collection.id })
    const lone = await createSpace(client, admin)
    const team = await createTeam(admin.organizationId, [guest.user.id])
    const idle = await createTeam(admin.organizationId, [])
    await apiAs(client, admin).post(`/v1/collections/${collection.id}/permissions`, {
      role: 'read',
      teams: [team],
    })
    await apiAs(client, admin).delete(`/v1/spaces/${lone.id}`)

    const service = new SpaceAccessService()
    const members = await service.countSpacesOfMembers(admin.organizationId, [
      admin.user.id,
      guest.user.id,
      newId(),
    ])
    assert.deepEqual([...members.values()], [2, 2, 0])
    const teams = await service.countSpacesOfTeams([team, idle])
    assert.deepEqual([...teams.values()], [2, 0])
  })
})

test.group('Space counts, team grants and members leaving', (group) => {
  eachTestInTransaction(group)

  test('Member and Team records count the spaces they reach', async ({ client, assert }) => {
    const admin = await createCaller()
    const guest = await createCaller({ organizationId: admin.organizationId, role: null })
    const collection = await createCollection(client, admin)
    await createSpace(client, admin, { parent: collection.id })
    await createSpace(client, admin)

    const created = await apiAs(client, admin).put(`/v1/orgs/${admin.organizationId}/teams`, {
      title: 'Writers',
      members: [guest.user.id],
    })
    created.assertStatus(201)
    const teamId = created.body().id
    assert.equal(created.body().spaces, 0)

    const granted = await apiAs(client, admin).post(
      `/v1/collections/${collection.id}/permissions`,
      { role: 'edit', teams: [teamId] }
    )
    granted.assertStatus(204)

    const team = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/teams/${teamId}`)
    assertAnswer(team, 200)
    assert.equal(team.body().spaces, 1)
    assert.equal(team.body().members, 1)

    const member = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/members/${guest.user.id}`
    )
    assertAnswer(member, 200)
    assert.equal(member.body().spaces, 1)
    assert.equal(member.body().teams, 1)

    const adminMember = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/members/${admin.user.id}`
    )
    assert.equal(adminMember.body().spaces, 2)
  })

  // With admin rights for the team's owner.
  test("a collection's team listing shows the Team record", async ({ client, assert }) => {
    const admin = await createCaller()
    const owner = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const collection = await createCollection(client, admin)
    const created = await apiAs(client, admin).put(`/v1/orgs/${admin.organizationId}/teams`, {
      title: 'Owners',
      members: [owner.user.id],
    })
    const teamId = created.body().id
    await apiAs(client, admin)
      .put(`/v1/orgs/${admin.organizationId}/teams/${teamId}/members/${owner.user.id}`, {
        role: 'owner',
      })
      .then((response) => response.assertStatus(204))
    await apiAs(client, admin)
      .post(`/v1/collections/${collection.id}/permissions`, { role: 'read', teams: [teamId] })
      .then((response) => response.assertStatus(204))

    const listing = await apiAs(client, owner).get(
      `/v1/collections/${collection.id}/permissions/teams`
    )
    assertAnswer(listing, 200)
    const [item] = listing.body().items
    assert.equal(item.permission, 'read')
    assert.equal(item.team.id, teamId)
    assert.equal(item.team.spaces, 0)
    assert.deepEqual(item.team.permissions, { admin: true, view: true })

    // The flag agrees with the API: the owner may rename the team.
    const renamed = await apiAs(client, owner).patch(
      `/v1/orgs/${admin.organizationId}/teams/${teamId}`,
      { title: 'Renamed' }
    )
    renamed.assertStatus(200)
  })

  // Rejoining does not bring the access back.
  test("a removed member's grants go with them", async ({ client, assert }) => {
    const admin = await createCaller()
    const guest = await createCaller({ organizationId: admin.organizationId, role: null })
    const space = await createSpace(client, admin)
    await apiAs(client, admin)
      .post(`/v1/spaces/${space.id}/permissions`, { role: 'edit', users: [guest.user.id] })
      .then((response) => response.assertStatus(204))
    const before = await apiAs(client, guest).get(`/v1/spaces/${space.id}`)
    before.assertStatus(200)

    const removed = await apiAs(client, admin).delete(
      `/v1/orgs/${admin.organizationId}/members/${guest.user.id}`
    )
    removed.assertStatus(204)
    const grants = await db.from('content_grants').where('user_id', guest.user.id)
    assert.lengthOf(grants, 0)

    // Back as a guest: nothing is shared with them any more.
    await createCaller({ organizationId: admin.organizationId, role: null, email: guest.email })
    const after = await apiAs(client, guest).get(`/v1/spaces/${space.id}`)
    assertAnswer(after, 404)
  })
})
