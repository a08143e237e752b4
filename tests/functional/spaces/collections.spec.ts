import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { assertPagesThrough } from '#tests/helpers/lists'
import { createCaller, createOrganization, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { apiAs } from '#tests/helpers/api_as'
import { adminOfTwo, createCollection, createSpace } from './helpers.js'

test.group('POST and GET /v1/orgs/{organizationId}/collections', (group) => {
  eachTestInTransaction(group)

  // nested=false lists the root ones only.
  test('creates and lists root and nested collections', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const url = `/v1/orgs/${admin.organizationId}/collections`
    const response = await api.post(url, { title: ' Guides ' })
    assertAnswer(response, 201)
    const root = response.body()
    const created = { object: 'collection', title: 'Guides', defaultLevel: null }
    assert.include(root, { ...created, organization: admin.organizationId })
    assert.notProperty(root, 'parent')
    assert.equal(response.header('location'), root.urls.location)
    const permissions = { view: true, admin: true, viewInviteLinks: true }
    assert.deepEqual(root.permissions, { ...permissions, create: true })

    const child = await createCollection(client, admin, { title: 'Child', parent: root.id })
    assert.equal(child.parent, root.id)
    const untitled = await api.post(url, {})
    assertAnswer(untitled, 201)

    const all = await api.get(url)
    assertAnswer(all, 200)
    assert.equal(all.body().count, 3)
    const rootsOnly = await api.get(url, { nested: false })
    assertAnswer(rootsOnly, 200)
    const rootIds = rootsOnly.body().items.map((c: any) => c.id)
    assert.sameMembers(rootIds, [root.id, untitled.body().id])

    const read = await api.get(`/v1/collections/${child.id}`)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), child)
  })

  test('rejects limit above 1000 and a non-boolean nested', async ({ client }) => {
    const admin = await createCaller()
    const url = `/v1/orgs/${admin.organizationId}/collections`
    for (const qs of [{ limit: 1001 }, { nested: 'maybe' }]) {
      assertAnswer(await apiAs(client, admin).get(url, qs), 400)
    }
  })

  test("another organization's collections are 404", async ({ client }) => {
    const [admin, other] = [await createCaller(), await createCaller()]
    const api = apiAs(client, admin)
    const foreign = await createCollection(client, other)
    for (const request of [
      api.get(`/v1/orgs/${other.organizationId}/collections`),
      api.get(`/v1/collections/${foreign.id}`),
      api.get(`/v1/collections/${foreign.id}/spaces`),
      api.get(`/v1/collections/${newId()}`),
      api.patch(`/v1/collections/${foreign.id}`, { title: 'x' }),
    ]) {
      assertAnswer(await request, 404)
    }
  })
})

test.group('PATCH and DELETE /v1/collections/{collectionId}', (group) => {
  eachTestInTransaction(group)

  // Spaces and collections hold a collection; a deleted space does not.
  test('delete refuses a collection that holds anything: 409', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const parent = await createCollection(client, admin)
    const child = await createCollection(client, admin, { parent: parent.id })
    const space = await createSpace(client, admin, { parent: child.id })

    for (const id of [parent.id, child.id]) {
      assertAnswer(await api.delete(`/v1/collections/${id}`), 409)
    }
    // A deleted space does not hold the collection; restored, it lands at the root.
    await api.delete(`/v1/spaces/${space.id}`)
    assertAnswer(await api.delete(`/v1/collections/${child.id}`), 205)
    const parentGone = await api.delete(`/v1/collections/${parent.id}`)
    parentGone.assertStatus(205)
    const restored = await api.post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(restored, 200)
    assert.notProperty(restored.body(), 'parent')
    assertAnswer(await api.get(`/v1/collections/${child.id}`), 404)
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
    for (const qs of [{ limit: 1001 }, { page: 'nope' }]) {
      assertAnswer(await apiAs(client, admin).get(url, qs), 400)
    }
  })

  // Into another collection, back to the root, and before or after a sibling.
  test('moves a collection in, out and among siblings', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const a = await createCollection(client, admin, { title: 'A' })
    const b = await createCollection(client, admin, { title: 'B' })
    const s = await createSpace(client, admin, { title: 'S' })
    const moveB = (body: object) => api.post(`/v1/collections/${b.id}/move`, body)
    const roots = async () => {
      const url = `/v1/orgs/${admin.organizationId}/collections`
      const response = await api.get(url, { nested: false })
      return response.body().items.map((c: any) => c.title)
    }
    const into = await moveB({ parent: a.id })
    assertAnswer(into, 200)
    assert.equal(into.body().parent, a.id)
    assert.deepEqual(await roots(), ['A'])

    const before = { before: { type: 'collection', collection: a.id } }
    const back = await moveB({ parent: null, position: before })
    assertAnswer(back, 200)
    assert.notProperty(back.body(), 'parent')
    assert.deepEqual(await roots(), ['B', 'A'])

    // Spaces and collections of one parent share the order.
    const afterSpace = await moveB({ position: { after: { type: 'space', space: s.id } } })
    afterSpace.assertStatus(200)
    assert.deepEqual(await roots(), ['A', 'B'])
  })

  test('move refuses cycles, foreign parents and no-ops', async ({ client }) => {
    const [admin, other] = [await createCaller(), await createCaller()]
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
      assertAnswer(await apiAs(client, admin).post(`/v1/collections/${id}/move`, body), status)
    }
  })

  test('transfers a collection with its subtree', async ({ client, assert }) => {
    const { admin, second } = await adminOfTwo()
    const [api, there] = [apiAs(client, admin), apiAs(client, second)]
    const top = await createCollection(client, admin)
    const nested = await createCollection(client, admin, { parent: top.id })
    const space = await createSpace(client, admin, { parent: nested.id })
    const stay = await createSpace(client, admin)

    const moved = { organization: second.organizationId }
    const response = await api.post(`/v1/collections/${top.id}/transfer`, moved)
    assertAnswer(response, 200)
    assert.include(response.body(), moved)
    const movedSpace = await there.get(`/v1/spaces/${space.id}`)
    movedSpace.assertStatus(200)
    assert.include(movedSpace.body(), moved)
    const nestedThere = await there.get(`/v1/collections/${nested.id}`)
    assert.include(nestedThere.body(), moved)
    const left = await api.get(`/v1/orgs/${admin.organizationId}/spaces`)
    assert.deepEqual(
      left.body().items.map((item: any) => item.id),
      [stay.id]
    )
    const noCollections = await api.get(`/v1/orgs/${admin.organizationId}/collections`)
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
      const { id } = await createCollection(client, admin)
      const sent = body(admin.organizationId, other.organizationId)
      assertAnswer(await apiAs(client, admin).post(`/v1/collections/${id}/transfer`, sent), status)
    })
})
