import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import {
  createCaller,
  createOrganization,
  createMember,
  eachTestInTransaction,
} from '#tests/helpers/callers'
import { createTeam } from '#tests/helpers/teams'
import { newId } from '#core/ids'
import SpaceAccessService from '#spaces/services/space_access_service'
import { createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

test.group('Effective roles through collections, teams and guests', (group) => {
  eachTestInTransaction(group)

  test('a defaultLevel on an ancestor collection raises members on everything below it', async ({
    client,
    assert,
  }) => {
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

  test('a guest sees only what is granted to them or their teams, and defaultLevel does not open it', async ({
    client,
    assert,
  }) => {
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

  test('team grants on a collection reach members of the team; removing the team removes access', async ({
    client,
    assert,
  }) => {
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

test.group('Permission operations on spaces and collections', (group) => {
  eachTestInTransaction(group)

  test('invite, list, update and remove users on a {kind}')
    .with([{ kind: 'spaces' }, { kind: 'collections' }])
    .run(async ({ client, assert }, { kind }) => {
      const admin = await createCaller()
      const member = await createCaller({ organizationId: admin.organizationId, role: 'read' })
      const target =
        kind === 'spaces' ? await createSpace(client, admin) : await createCollection(client, admin)
      const base = `/v1/${kind}/${target.id}/permissions`

      const invite = await apiAs(client, admin).post(base, {
        role: 'edit',
        users: [member.user.id],
      })
      assertAnswer(invite, 204)
      const list = await apiAs(client, admin).get(`${base}/users`)
      assertAnswer(list, 200)
      const granted = list.body().items.filter((item: any) => item.user.id === member.user.id)
      assert.equal(granted[0].permission, 'edit')

      const update = await apiAs(client, admin).patch(`${base}/users/${member.user.id}`, {
        role: 'review',
      })
      assertAnswer(update, 204)
      const listed = await apiAs(client, member).get(`${base}/users`, { limit: 1000 })
      listed.assertContract()
      assert.equal(
        listed.body().items.find((i: any) => i.user.id === member.user.id).permission,
        'review'
      )

      const remove = await apiAs(client, admin).delete(`${base}/users/${member.user.id}`)
      assertAnswer(remove, 205)
      const none = await apiAs(client, admin).delete(`${base}/users/${member.user.id}`)
      assertAnswer(none, 204)

      const nullRole = await apiAs(client, admin).post(base, {
        role: 'read',
        users: [member.user.id],
      })
      nullRole.assertStatus(204)
      const cleared = await apiAs(client, admin).patch(`${base}/users/${member.user.id}`, {
        role: null,
      })
      cleared.assertStatus(204)
      const empty = await apiAs(client, admin).get(`${base}/users`)
      assert.notInclude(
        empty.body().items.map((i: any) => i.user.id),
        member.user.id
      )
    })

  test('{kind}: invite rejects bad input and unknown or foreign users and teams, changing nothing')
    .with([{ kind: 'spaces' }, { kind: 'collections' }])
    .run(async ({ client, assert }, { kind }) => {
      const admin = await createCaller()
      const elsewhere = await createOrganization()
      const other = await createMember(elsewhere.organizationId, 'admin')
      const member = await createMember(admin.organizationId, 'read')
      const foreignTeam = await createTeam(elsewhere.organizationId, [])
      const target =
        kind === 'spaces' ? await createSpace(client, admin) : await createCollection(client, admin)
      const base = `/v1/${kind}/${target.id}/permissions`
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
        const response = await apiAs(client, admin).post(base, body)
        assertAnswer(response, status)
      }
      const [after] = await db.from('content_grants').count('* as total')
      assert.equal(Number(after.total), Number(before.total))
      const badRole = await apiAs(client, admin).patch(`${base}/users/${member.user.id}`, {
        role: 'boss',
      })
      assertAnswer(badRole, 400)
      const unknownTeam = await apiAs(client, admin).patch(`${base}/teams/${newId()}`, {
        role: 'read',
      })
      assertAnswer(unknownTeam, 404)
      const tooMany = await apiAs(client, admin).get(`${base}/users`, { limit: 1001 })
      assertAnswer(tooMany, 400)
    })

  test('{kind}: only admins change grants; non-members get 404')
    .with([{ kind: 'spaces' }, { kind: 'collections' }])
    .run(async ({ client }, { kind }) => {
      const admin = await createCaller()
      const creator = await createCaller({ organizationId: admin.organizationId, role: 'create' })
      const stranger = await createCaller()
      const target =
        kind === 'spaces' ? await createSpace(client, admin) : await createCollection(client, admin)
      const base = `/v1/${kind}/${target.id}/permissions`
      const denied = await apiAs(client, creator).post(base, {
        role: 'read',
        users: [creator.user.id],
      })
      assertAnswer(denied, 403)
      const deniedPatch = await apiAs(client, creator).patch(`${base}/users/${creator.user.id}`, {
        role: 'admin',
      })
      assertAnswer(deniedPatch, 403)
      const deniedDelete = await apiAs(client, creator).delete(`${base}/teams/${newId()}`)
      assertAnswer(deniedDelete, 403)
      for (const request of [client.get(`${base}/users`), client.get(`${base}/teams`)]) {
        const response = await request.bearerToken(stranger.token)
        assertAnswer(response, 404)
      }
    })

  test('{kind}: aggregate lists everyone who can access it with their effective role')
    .with([{ kind: 'spaces' }, { kind: 'collections' }])
    .run(async ({ client, assert }, { kind }) => {
      const admin = await createCaller()
      const reader = await createMember(admin.organizationId, 'read')
      const guest = await createCaller({ organizationId: admin.organizationId, role: null })
      const outsider = await createMember(admin.organizationId, null)
      const team = await createTeam(admin.organizationId, [guest.user.id])
      const parent = await createCollection(client, admin)
      await apiAs(client, admin).patch(`/v1/collections/${parent.id}`, { defaultLevel: 'comment' })
      const target =
        kind === 'spaces'
          ? await createSpace(client, admin, { parent: parent.id })
          : await createCollection(client, admin, { parent: parent.id })
      await apiAs(client, admin).post(`/v1/collections/${parent.id}/permissions`, {
        role: 'edit',
        teams: [team],
      })

      const response = await apiAs(client, admin).get(
        `/v1/${kind}/${target.id}/permissions/aggregate`
      )
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

      const editors = await apiAs(client, admin).get(
        `/v1/${kind}/${target.id}/permissions/aggregate`,
        { role: 'edit', limit: 1 }
      )
      assertAnswer(editors, 200)
      assert.equal(editors.body().count, 1)
      assert.equal(editors.body().items[0].user.id, guest.user.id)

      const paged = await apiAs(client, admin).get(
        `/v1/${kind}/${target.id}/permissions/aggregate`,
        { limit: 2 }
      )
      const rest = await apiAs(client, admin).get(
        `/v1/${kind}/${target.id}/permissions/aggregate`,
        { limit: 2, page: paged.body().next.page }
      )
      rest.assertContract()
      assert.equal(paged.body().items.length + rest.body().items.length, 3)

      const badRole = await apiAs(client, admin).get(
        `/v1/${kind}/${target.id}/permissions/aggregate`,
        { role: 'owner' }
      )
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

test.group('Space counts and team grants on the organization records', (group) => {
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

  test("a collection's team listing shows the Team record, with admin rights for the team's owner", async ({
    client,
    assert,
  }) => {
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
})

test.group('Leaving an organization', (group) => {
  eachTestInTransaction(group)

  test("a removed member's grants go with them: rejoining does not bring the access back", async ({
    client,
    assert,
  }) => {
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
