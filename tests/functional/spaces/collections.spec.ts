import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { adminAnd, byRole, statusByRole } from '#tests/helpers/roles'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import { createCaller, createOrganization, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { createCollection, createSpace } from './helpers.js'

async function countCollections() {
  const [row] = await db.from('collections').count('* as total')
  return Number(row.total)
}

test.group('POST and GET /v1/orgs/{organizationId}/collections', (group) => {
  eachTestInTransaction(group)

  test('creates root and nested collections; nested=false lists the root ones', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const response = await client
      .post(`/v1/orgs/${admin.organizationId}/collections`)
      .bearerToken(admin.token)
      .json({ title: ' Guides ' })
    assertAnswer(response, 201)
    const root = response.body()
    assert.include(root, {
      object: 'collection',
      title: 'Guides',
      organization: admin.organizationId,
      defaultLevel: null,
    })
    assert.notProperty(root, 'parent')
    assert.equal(response.header('location'), root.urls.location)
    assert.deepEqual(root.permissions, {
      view: true,
      admin: true,
      viewInviteLinks: true,
      create: true,
    })

    const child = await createCollection(client, admin, { title: 'Child', parent: root.id })
    assert.equal(child.parent, root.id)
    const untitled = await client
      .post(`/v1/orgs/${admin.organizationId}/collections`)
      .bearerToken(admin.token)
      .json({})
    assertAnswer(untitled, 201)

    const all = await client
      .get(`/v1/orgs/${admin.organizationId}/collections`)
      .bearerToken(admin.token)
    assertAnswer(all, 200)
    assert.equal(all.body().count, 3)
    const rootsOnly = await client
      .get(`/v1/orgs/${admin.organizationId}/collections`)
      .qs({ nested: false })
      .bearerToken(admin.token)
    assertAnswer(rootsOnly, 200)
    assert.sameMembers(
      rootsOnly.body().items.map((c: any) => c.id),
      [root.id, untitled.body().id]
    )

    const read = await client.get(`/v1/collections/${child.id}`).bearerToken(admin.token)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), child)
  })

  test('rejects {name} and creates nothing')
    .with([
      { name: 'a 51-character title', body: { title: 'c'.repeat(51) }, status: 400 },
      { name: 'a boolean title', body: { title: true }, status: 400 },
      { name: 'an unknown parent', body: { parent: newId() }, status: 400 },
      { name: 'a malformed parent', body: { parent: 'not an id' }, status: 400 },
    ])
    .run(async ({ client, assert }, { body, status }) => {
      const admin = await createCaller()
      const before = await countCollections()
      const response = await client
        .post(`/v1/orgs/${admin.organizationId}/collections`)
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(response, status)
      assert.equal(await countCollections(), before)
    })

  test('rejects limit above 1000 and a non-boolean nested', async ({ client }) => {
    const admin = await createCaller()
    for (const qs of [{ limit: 1001 }, { nested: 'maybe' }]) {
      const response = await client
        .get(`/v1/orgs/${admin.organizationId}/collections`)
        .qs(qs)
        .bearerToken(admin.token)
      assertAnswer(response, 400)
    }
  })

  test('role {role}: create {status}')
    .with(statusByRole({ admin: 201, create: 201, edit: 403, read: 403, guest: 403 }))
    .run(async ({ client, assert }, { role, status }) => {
      const { admin, caller: member } = await adminAnd(role)
      const response = await client
        .post(`/v1/orgs/${admin.organizationId}/collections`)
        .bearerToken(member.token)
        .json({ title: 'Mine' })
      assertAnswer(response, status)
      // A creator administers what they create.
      if (status === 201) assert.isTrue(response.body().permissions.admin)
    })

  test("another organization's collections are 404", async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await createCollection(client, other)
    for (const request of [
      client.get(`/v1/orgs/${other.organizationId}/collections`),
      client.get(`/v1/collections/${foreign.id}`),
      client.get(`/v1/collections/${foreign.id}/spaces`),
      client.get(`/v1/collections/${newId()}`),
    ]) {
      const response = await request.bearerToken(admin.token)
      assertAnswer(response, 404)
    }
    const patch = await client
      .patch(`/v1/collections/${foreign.id}`)
      .bearerToken(admin.token)
      .json({ title: 'x' })
    assertAnswer(patch, 404)
  })
})

test.group('PATCH and DELETE /v1/collections/{collectionId}', (group) => {
  eachTestInTransaction(group)

  test('an admin updates title, description and defaultLevel', async ({ client, assert }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const response = await client
      .patch(`/v1/collections/${collection.id}`)
      .bearerToken(admin.token)
      .json({ title: 'Renamed', description: 'All the guides', defaultLevel: 'edit' })
    assertAnswer(response, 200)
    assert.include(response.body(), {
      title: 'Renamed',
      description: 'All the guides',
      defaultLevel: 'edit',
    })
    const cleared = await client
      .patch(`/v1/collections/${collection.id}`)
      .bearerToken(admin.token)
      .json({ description: null, defaultLevel: null })
    assertAnswer(cleared, 200)
    assert.notProperty(cleared.body(), 'description')
    assert.isNull(cleared.body().defaultLevel)
  })

  test('PATCH rejects {name}')
    .with([
      { name: 'a 101-character description', body: { description: 'd'.repeat(101) } },
      { name: 'a 51-character title', body: { title: 't'.repeat(51) } },
      { name: 'a null title', body: { title: null } },
      { name: 'an unknown defaultLevel', body: { defaultLevel: 'inherit-ish' } },
    ])
    .run(async ({ client, assert }, { body }) => {
      const admin = await createCaller()
      const collection = await createCollection(client, admin, { title: 'Kept' })
      const response = await client
        .patch(`/v1/collections/${collection.id}`)
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(response, 400)
      const read = await client.get(`/v1/collections/${collection.id}`).bearerToken(admin.token)
      assert.equal(read.body().title, 'Kept')
    })

  test('role {role}: view {view}, update {update}')
    .with(
      byRole({
        admin: { view: 200, update: 200 },
        create: { view: 200, update: 403 },
        edit: { view: 200, update: 403 },
        read: { view: 200, update: 403 },
        guest: { view: 404, update: 404 },
      })
    )
    .run(async ({ client }, { role, view, update }) => {
      const { admin, caller: member } = await adminAnd(role)
      const collection = await createCollection(client, admin)
      const read = await client.get(`/v1/collections/${collection.id}`).bearerToken(member.token)
      assertAnswer(read, view)
      const patch = await client
        .patch(`/v1/collections/${collection.id}`)
        .bearerToken(member.token)
        .json({ title: 'X' })
      assertAnswer(patch, update)
      const del = await client.delete(`/v1/collections/${collection.id}`).bearerToken(member.token)
      assertAnswer(del, update === 200 ? 205 : update)
    })

  test('delete refuses a collection holding spaces or collections with 409', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const parent = await createCollection(client, admin)
    const child = await createCollection(client, admin, { parent: parent.id })
    const space = await createSpace(client, admin, { parent: child.id })

    for (const id of [parent.id, child.id]) {
      const response = await client.delete(`/v1/collections/${id}`).bearerToken(admin.token)
      assertAnswer(response, 409)
    }
    // A deleted space does not hold the collection; restored, it lands at the root.
    await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    const childGone = await client.delete(`/v1/collections/${child.id}`).bearerToken(admin.token)
    assertAnswer(childGone, 205)
    const parentGone = await client.delete(`/v1/collections/${parent.id}`).bearerToken(admin.token)
    parentGone.assertStatus(205)
    const restored = await client.post(`/v1/spaces/${space.id}/restore`).bearerToken(admin.token)
    assertAnswer(restored, 200)
    assert.notProperty(restored.body(), 'parent')
    const missing = await client.get(`/v1/collections/${child.id}`).bearerToken(admin.token)
    assertAnswer(missing, 404)
  })
})

test.group('GET /v1/collections/{collectionId}/spaces, move, transfer', (group) => {
  eachTestInTransaction(group)

  test('lists the spaces of a collection, paginated', async ({ client, assert }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const ids = []
    for (let i = 0; i < 3; i++) {
      const space = await createSpace(client, admin, { parent: collection.id })
      ids.push(space.id)
    }
    await createSpace(client, admin)
    const url = `/v1/collections/${collection.id}/spaces`
    await assertPagesThrough({ client, assert }, url, admin.token, ids)
    const tooMany = await client
      .get(`/v1/collections/${collection.id}/spaces`)
      .qs({ limit: 1001 })
      .bearerToken(admin.token)
    assertAnswer(tooMany, 400)
    const badCursor = await client
      .get(`/v1/collections/${collection.id}/spaces`)
      .qs({ page: 'nope' })
      .bearerToken(admin.token)
    assertAnswer(badCursor, 400)
  })

  test('moves a collection under another, to the root, and among siblings', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const a = await createCollection(client, admin, { title: 'A' })
    const b = await createCollection(client, admin, { title: 'B' })
    const s = await createSpace(client, admin, { title: 'S' })
    const into = await client
      .post(`/v1/collections/${b.id}/move`)
      .bearerToken(admin.token)
      .json({ parent: a.id })
    assertAnswer(into, 200)
    assert.equal(into.body().parent, a.id)
    const roots = async () => {
      const response = await client
        .get(`/v1/orgs/${admin.organizationId}/collections`)
        .qs({ nested: false })
        .bearerToken(admin.token)
      return response.body().items.map((c: any) => c.title)
    }
    assert.deepEqual(await roots(), ['A'])

    const back = await client
      .post(`/v1/collections/${b.id}/move`)
      .bearerToken(admin.token)
      .json({ parent: null, position: { before: { type: 'collection', collection: a.id } } })
    assertAnswer(back, 200)
    assert.notProperty(back.body(), 'parent')
    assert.deepEqual(await roots(), ['B', 'A'])

    // Spaces and collections of one parent share the order.
    const afterSpace = await client
      .post(`/v1/collections/${b.id}/move`)
      .bearerToken(admin.token)
      .json({ position: { after: { type: 'space', space: s.id } } })
    afterSpace.assertStatus(200)
    assert.deepEqual(await roots(), ['A', 'B'])
  })

  test('move refuses cycles, foreign parents and no-ops', async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const a = await createCollection(client, admin)
    const b = await createCollection(client, admin, { parent: a.id })
    const c = await createCollection(client, admin, { parent: b.id })
    const foreign = await createCollection(client, other)
    for (const [id, body, status] of [
      [a.id, { parent: a.id }, 400],
      [a.id, { parent: c.id }, 400],
      [a.id, { parent: foreign.id }, 400],
      [a.id, { parent: newId() }, 400],
      [a.id, {}, 400],
      [c.id, { parent: b.id }, 409],
      [c.id, { position: { before: { type: 'collection', collection: a.id } } }, 400],
    ] as const) {
      const response = await client
        .post(`/v1/collections/${id}/move`)
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(response, status)
    }
  })

  test('transfers a collection with its subtree to another organization', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const second = await createCaller()
    await createCaller({ organizationId: second.organizationId, role: 'admin', email: admin.email })
    const top = await createCollection(client, admin)
    const nested = await createCollection(client, admin, { parent: top.id })
    const space = await createSpace(client, admin, { parent: nested.id })
    const stay = await createSpace(client, admin)

    const response = await client
      .post(`/v1/collections/${top.id}/transfer`)
      .bearerToken(admin.token)
      .json({ organization: second.organizationId })
    assertAnswer(response, 200)
    assert.equal(response.body().organization, second.organizationId)

    const moved = await client.get(`/v1/spaces/${space.id}`).bearerToken(second.token)
    moved.assertStatus(200)
    assert.equal(moved.body().organization, second.organizationId)
    const nestedThere = await client.get(`/v1/collections/${nested.id}`).bearerToken(second.token)
    assert.equal(nestedThere.body().organization, second.organizationId)
    const left = await client
      .get(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
    assert.deepEqual(
      left.body().items.map((s: any) => s.id),
      [stay.id]
    )
    const noCollections = await client
      .get(`/v1/orgs/${admin.organizationId}/collections`)
      .bearerToken(admin.token)
    assert.equal(noCollections.body().count, 0)
  })

  test('transfer refuses {name}')
    .with([
      { name: 'a missing organization', body: () => ({}), status: 400 },
      { name: 'an unknown organization', body: () => ({ organization: newId() }), status: 404 },
      {
        name: 'the same organization',
        body: (own: string) => ({ organization: own }),
        status: 409,
      },
      {
        name: 'an organization where the caller is not admin',
        body: (_own: string, other: string) => ({ organization: other }),
        status: 403,
      },
    ])
    .run(async ({ client }, { body, status }) => {
      const admin = await createCaller()
      const other = await createOrganization()
      await createCaller({ organizationId: other.organizationId, role: 'edit', email: admin.email })
      const collection = await createCollection(client, admin)
      const response = await client
        .post(`/v1/collections/${collection.id}/transfer`)
        .bearerToken(admin.token)
        .json(body(admin.organizationId, other.organizationId))
      assertAnswer(response, status)
    })
})
