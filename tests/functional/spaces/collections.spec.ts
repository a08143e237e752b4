import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { assertPagesThrough } from '#tests/helpers/lists'
import { createCaller, createOrganization, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

test.group('POST and GET /v1/orgs/{organizationId}/collections', (group) => {
  eachTestInTransaction(group)

  test('creates root and nested collections; nested=false lists the root ones', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const response = await apiAs(client, admin).post(
      `/v1/orgs/${admin.organizationId}/collections`,
      { title: ' Guides ' }
    )
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
    const untitled = await apiAs(client, admin).post(
      `/v1/orgs/${admin.organizationId}/collections`,
      {}
    )
    assertAnswer(untitled, 201)

    const all = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/collections`)
    assertAnswer(all, 200)
    assert.equal(all.body().count, 3)
    const rootsOnly = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/collections`,
      { nested: false }
    )
    assertAnswer(rootsOnly, 200)
    assert.sameMembers(
      rootsOnly.body().items.map((c: any) => c.id),
      [root.id, untitled.body().id]
    )

    const read = await apiAs(client, admin).get(`/v1/collections/${child.id}`)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), child)
  })

  test('rejects limit above 1000 and a non-boolean nested', async ({ client }) => {
    const admin = await createCaller()
    for (const qs of [{ limit: 1001 }, { nested: 'maybe' }]) {
      const response = await apiAs(client, admin).get(
        `/v1/orgs/${admin.organizationId}/collections`,
        qs
      )
      assertAnswer(response, 400)
    }
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
    const patch = await apiAs(client, admin).patch(`/v1/collections/${foreign.id}`, { title: 'x' })
    assertAnswer(patch, 404)
  })
})

test.group('PATCH and DELETE /v1/collections/{collectionId}', (group) => {
  eachTestInTransaction(group)

  test('an admin updates title, description and defaultLevel', async ({ client, assert }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const response = await apiAs(client, admin).patch(`/v1/collections/${collection.id}`, {
      title: 'Renamed',
      description: 'All the guides',
      defaultLevel: 'edit',
    })
    assertAnswer(response, 200)
    assert.include(response.body(), {
      title: 'Renamed',
      description: 'All the guides',
      defaultLevel: 'edit',
    })
    const cleared = await apiAs(client, admin).patch(`/v1/collections/${collection.id}`, {
      description: null,
      defaultLevel: null,
    })
    assertAnswer(cleared, 200)
    assert.notProperty(cleared.body(), 'description')
    assert.isNull(cleared.body().defaultLevel)
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
      const response = await apiAs(client, admin).delete(`/v1/collections/${id}`)
      assertAnswer(response, 409)
    }
    // A deleted space does not hold the collection; restored, it lands at the root.
    await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    const childGone = await apiAs(client, admin).delete(`/v1/collections/${child.id}`)
    assertAnswer(childGone, 205)
    const parentGone = await apiAs(client, admin).delete(`/v1/collections/${parent.id}`)
    parentGone.assertStatus(205)
    const restored = await apiAs(client, admin).post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(restored, 200)
    assert.notProperty(restored.body(), 'parent')
    const missing = await apiAs(client, admin).get(`/v1/collections/${child.id}`)
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
    const tooMany = await apiAs(client, admin).get(`/v1/collections/${collection.id}/spaces`, {
      limit: 1001,
    })
    assertAnswer(tooMany, 400)
    const badCursor = await apiAs(client, admin).get(`/v1/collections/${collection.id}/spaces`, {
      page: 'nope',
    })
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
    const into = await apiAs(client, admin).post(`/v1/collections/${b.id}/move`, { parent: a.id })
    assertAnswer(into, 200)
    assert.equal(into.body().parent, a.id)
    const roots = async () => {
      const response = await apiAs(client, admin).get(
        `/v1/orgs/${admin.organizationId}/collections`,
        { nested: false }
      )
      return response.body().items.map((c: any) => c.title)
    }
    assert.deepEqual(await roots(), ['A'])

    const back = await apiAs(client, admin).post(`/v1/collections/${b.id}/move`, {
      parent: null,
      position: { before: { type: 'collection', collection: a.id } },
    })
    assertAnswer(back, 200)
    assert.notProperty(back.body(), 'parent')
    assert.deepEqual(await roots(), ['B', 'A'])

    // Spaces and collections of one parent share the order.
    const afterSpace = await apiAs(client, admin).post(`/v1/collections/${b.id}/move`, {
      position: { after: { type: 'space', space: s.id } },
    })
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
      const response = await apiAs(client, admin).post(`/v1/collections/${id}/move`, body)
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

    const response = await apiAs(client, admin).post(`/v1/collections/${top.id}/transfer`, {
      organization: second.organizationId,
    })
    assertAnswer(response, 200)
    assert.equal(response.body().organization, second.organizationId)

    const moved = await apiAs(client, second).get(`/v1/spaces/${space.id}`)
    moved.assertStatus(200)
    assert.equal(moved.body().organization, second.organizationId)
    const nestedThere = await apiAs(client, second).get(`/v1/collections/${nested.id}`)
    assert.equal(nestedThere.body().organization, second.organizationId)
    const left = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/spaces`)
    assert.deepEqual(
      left.body().items.map((s: any) => s.id),
      [stay.id]
    )
    const noCollections = await apiAs(client, admin).get(
      `/v1/orgs/${admin.organizationId}/collections`
    )
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
      const response = await apiAs(client, admin).post(
        `/v1/collections/${collection.id}/transfer`,
        body(admin.organizationId, other.organizationId)
      )
      assertAnswer(response, status)
    })
})
