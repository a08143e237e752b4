import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { newId } from '#core/ids'
import { apiAs } from '#tests/helpers/api_as'
import type { Role } from '#core/roles'
import { adminOfTwo, createCollection, createSpace, stopClock } from './helpers.js'

test.group('POST /v1/orgs/{organizationId}/spaces', (group) => {
  eachTestInTransaction(group)

  test('creates a space with an empty initial revision', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const body = { title: '  Handbook ', emoji: '📘', editMode: 'locked' }
    const response = await api.post(`/v1/orgs/${admin.organizationId}/spaces`, body)
    assertAnswer(response, 201)
    const space = response.body()
    assert.include(space, { title: 'Handbook', emoji: '📘', editMode: 'locked' })
    assert.include(space, { visibility: 'private', organization: admin.organizationId })
    assert.isNull(space.defaultLevel)
    assert.match(space.id, /^[A-Za-z0-9]{20}$/)
    assert.match(space.createdAt, /\.\d{3}Z$/)
    assert.equal(response.header('location'), space.urls.location)
    assert.isTrue(space.urls.location.startsWith('http'))
    const counts = { comments: 0, changeRequests: 0, changeRequestsOpen: 0 }
    assert.deepInclude(space, { ...counts, changeRequestsDraft: 0 })
    assert.isTrue(space.permissions.admin)
    assert.isFalse(space.permissions.edit, 'locked space')
    const revision = await db.from('revisions').where('id', space.revision).first()
    assert.equal(revision.space_id, space.id)

    const read = await api.get(`/v1/spaces/${space.id}`)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), space)
  })

  test('refuses {name}: {status}')
    .with([
      { name: 'malformed JSON', caller: 'admin', raw: '{"title": ', status: 400 },
      { name: 'a parent collection of another organization', caller: 'admin', status: 400 },
      { name: 'a non-member', caller: 'stranger', status: 404 },
      { name: 'a wrong token', caller: 'nobody', status: 401 },
    ] as Array<{
      name: string
      caller: 'admin' | 'stranger' | 'nobody'
      raw?: string
      status: number
    }>)
    .run(async ({ client }, { caller, raw, status }) => {
      const admin = await createCaller()
      const other = await createCaller()
      const foreign = await createCollection(client, other)
      const token = { admin: admin.token, stranger: other.token, nobody: 'gb_api_nope' }[caller]
      const request = apiAs(client, { token }).post(`/v1/orgs/${admin.organizationId}/spaces`)
      if (raw) request.header('Content-Type', 'application/json').json(raw)
      else request.json(caller === 'admin' ? { parent: foreign.id } : {})
      assertAnswer(await request, status)
    })
})

test.group('GET /v1/orgs/{organizationId}/spaces', (group) => {
  eachTestInTransaction(group)

  test('lists the spaces in position order, paginated', async ({ client, assert }) => {
    const admin = await createCaller()
    const ids = []
    for (const title of ['S0', 'S1', 'S2']) {
      const space = await createSpace(client, admin, { title })
      ids.push(space.id)
    }
    const url = `/v1/orgs/${admin.organizationId}/spaces`
    await assertPagesThrough({ client, assert }, url, admin.token, ids)
  })

  test('refuses {name}')
    .with([
      { name: 'limit 1001', limit: 1001, status: 400 },
      { name: 'limit 0', limit: 0, status: 400 },
      { name: 'limit many', limit: 'many', status: 400 },
      { name: 'another organization with 404', foreign: true, status: 404 },
    ])
    .run(async ({ client }, { limit, foreign, status }) => {
      const admin = await createCaller()
      const other = await createCaller()
      await createSpace(client, other)
      const organizationId = foreign ? other.organizationId : admin.organizationId
      const qs = limit === undefined ? undefined : { limit }
      assertAnswer(await apiAs(client, admin).get(`/v1/orgs/${organizationId}/spaces`, qs), status)
    })
})

test.group('GET, PATCH, DELETE /v1/spaces/{spaceId}', (group) => {
  eachTestInTransaction(group)

  test('accepts shareKey; unknown, malformed and foreign ids are 404', async ({ client }) => {
    const [admin, other] = [await createCaller(), await createCaller()]
    const api = apiAs(client, admin)
    const space = await createSpace(client, admin)
    const foreign = await createSpace(client, other)
    assertAnswer(await api.get(`/v1/spaces/${space.id}`, { shareKey: 'abc' }), 200)
    for (const id of [newId(), 'bad id', foreign.id]) {
      assertAnswer(await api.get(`/v1/spaces/${encodeURIComponent(id)}`), 404)
    }
  })

  // Restored within 7 days, the space is back as it was.
  test('delete hides a space; restore within 7 days', async ({ client, assert, cleanup }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const space = await createSpace(client, admin)
    assertAnswer(await api.delete(`/v1/spaces/${space.id}`), 205)
    assertAnswer(await api.get(`/v1/spaces/${space.id}`), 404)
    const list = await api.get(`/v1/orgs/${admin.organizationId}/spaces`)
    assert.equal(list.body().count, 0)
    assertAnswer(await api.delete(`/v1/spaces/${space.id}`), 404)

    stopClock(cleanup).daysLater(6)
    const restored = await api.post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(restored, 200)
    assert.equal(restored.body().id, space.id)
    assert.notProperty(restored.body(), 'deletedAt')
    assertAnswer(await api.post(`/v1/spaces/${space.id}/restore`), 404)
  })

  test('restore after 7 days is 404 and purges the space', async ({ client, assert, cleanup }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    stopClock(cleanup).daysLater(8)
    assertAnswer(await apiAs(client, admin).post(`/v1/spaces/${space.id}/restore`), 404)
    assert.isNull(await db.from('spaces').where('id', space.id).first())
    assert.isNull(await db.from('revisions').where('space_id', space.id).first())
  })

  test('only admins delete and restore', async ({ client }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    assertAnswer(await apiAs(client, editor).delete(`/v1/spaces/${space.id}`), 403)
    await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    assertAnswer(await apiAs(client, editor).post(`/v1/spaces/${space.id}/restore`), 403)
  })
})

test.group('POST /v1/spaces/{spaceId}/duplicate, move, transfer', (group) => {
  eachTestInTransaction(group)

  test('duplicate makes a new space with the same settings', async ({ client, assert }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const created = { title: 'Original', emoji: '🎉', parent: collection.id }
    const space = await createSpace(client, admin, created)
    const patched = { defaultLevel: 'comment', visibility: 'unlisted' }
    await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, patched)
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/duplicate`)
    assertAnswer(response, 201)
    const copy = response.body()
    assert.notEqual(copy.id, space.id)
    assert.notEqual(copy.revision, space.revision)
    assert.include(copy, { ...created, ...patched })
    assert.equal(response.header('location'), copy.urls.location)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    assertAnswer(await apiAs(client, reader).post(`/v1/spaces/${space.id}/duplicate`), 403)
  })

  // Before or after a sibling, into a collection and back to the root.
  test('move reorders and moves in and out of collections', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = apiAs(client, admin)
    const [a, b, c] = [
      await createSpace(client, admin, { title: 'A' }),
      await createSpace(client, admin, { title: 'B' }),
      await createSpace(client, admin, { title: 'C' }),
    ]
    const titles = async (path: string) => {
      const response = await api.get(path)
      return response.body().items.map((s: any) => s.title)
    }
    const move = (id: string, body: object) => api.post(`/v1/spaces/${id}/move`, body)
    const roots = `/v1/orgs/${admin.organizationId}/spaces`

    assertAnswer(await move(c.id, { position: { before: { type: 'space', space: a.id } } }), 200)
    assert.deepEqual(await titles(roots), ['C', 'A', 'B'])
    const after = await move(c.id, { position: { after: { type: 'space', space: b.id } } })
    after.assertStatus(200)
    assert.deepEqual(await titles(roots), ['A', 'B', 'C'])

    const collection = await createCollection(client, admin)
    const into = await move(b.id, { parent: collection.id })
    assertAnswer(into, 200)
    assert.equal(into.body().parent, collection.id)
    assert.deepEqual(await titles(`/v1/collections/${collection.id}/spaces`), ['B'])

    await api.patch(`/v1/spaces/${b.id}`, { visibility: 'in-collection' })
    const out = await move(b.id, { parent: null })
    assertAnswer(out, 200)
    assert.notProperty(out.body(), 'parent')
    assert.equal(out.body().visibility, 'private')
    assert.deepEqual(await titles(`/v1/collections/${collection.id}/spaces`), [])
  })

  test('move rejects {name}')
    .with([
      { name: 'an empty body', body: () => ({}), status: 400 },
      {
        name: 'both before and after',
        body: (s: string) => ({
          position: { before: { type: 'space', space: s }, after: { type: 'space', space: s } },
        }),
        status: 400,
      },
      {
        name: 'a position naming an unknown space',
        body: () => ({ position: { before: { type: 'space', space: newId() } } }),
        status: 400,
      },
      {
        name: 'a position naming the space itself',
        body: (_s: string, self: string) => ({
          position: { before: { type: 'space', space: self } },
        }),
        status: 400,
      },
      {
        name: 'a pointer without its id',
        body: () => ({ position: { before: { type: 'space' } } }),
        status: 400,
      },
      { name: 'an unknown parent', body: () => ({ parent: newId() }), status: 400 },
      { name: 'a numeric parent', body: () => ({ parent: 5 }), status: 400 },
      {
        name: 'a position that is not an object',
        body: () => ({ position: 'first' }),
        status: 400,
      },
      {
        name: 'a pointer of an unknown type',
        body: (s: string) => ({ position: { before: { type: 'page', space: s } } }),
        status: 400,
      },
      { name: 'the same parent without a position', body: () => ({ parent: null }), status: 409 },
    ])
    .run(async ({ client }, { body, status }) => {
      const admin = await createCaller()
      const sibling = await createSpace(client, admin)
      const space = await createSpace(client, admin)
      const moved = body(sibling.id, space.id)
      assertAnswer(await apiAs(client, admin).post(`/v1/spaces/${space.id}/move`, moved), status)
    })

  // Neither the parent nor updatedAt change when the move is refused.
  test('a refused move changes nothing: {name}')
    .with([
      { name: 'a collection of another organization', foreign: true },
      { name: 'a position naming an unknown space', foreign: false },
    ])
    .run(async ({ client, assert }, { foreign }) => {
      const admin = await createCaller()
      const collection = await createCollection(client, foreign ? await createCaller() : admin)
      const space = await createSpace(client, admin)
      const position = { after: { type: 'space', space: newId() } }
      const body = foreign ? { parent: collection.id } : { parent: collection.id, position }
      const api = apiAs(client, admin)
      assertAnswer(await api.post(`/v1/spaces/${space.id}/move`, body), 400)
      const read = await api.get(`/v1/spaces/${space.id}`)
      assert.notProperty(read.body(), 'parent')
      assert.equal(read.body().updatedAt, space.updatedAt)
    })

  // The caller is admin of both organizations.
  test('transfer moves a space to another organization', async ({ client, assert }) => {
    // The admin of the first organization also administers the second one.
    const { admin, second } = await adminOfTwo()
    const target = await createCollection(client, second)
    const space = await createSpace(client, admin)
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/transfer`, {
      organization: second.organizationId,
      collection: target.id,
    })
    response.assertStatus(200)
    // transferSpace is not in @gitbook/api: the answer is a Space as getSpaceById documents it.
    validateContract('GET', `/v1/spaces/${space.id}`, 200, response.body())
    assert.include(response.body(), { organization: second.organizationId, parent: target.id })
    const list = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/spaces`)
    assert.equal(list.body().count, 0)
    const there = await apiAs(client, second).get(`/v1/collections/${target.id}/spaces`)
    assert.deepEqual(
      there.body().items.map((s: any) => s.id),
      [space.id]
    )
  })

  /**
   * `role` is the caller's role in the target organization, `by` the caller's role in the space's
   * own one; `body` is given the two organizations and a collection of the own one.
   */
  test('transfer refuses {name}: {status}')
    .with([
      { name: 'a missing organization', body: () => ({}), status: 400 },
      {
        name: 'the same organization',
        body: (own: string) => ({ organization: own }),
        status: 409,
      },
      {
        name: 'a caller who is not admin of the space',
        by: 'create' as Role,
        body: (own: string) => ({ organization: own }),
        status: 403,
      },
      { name: 'a non-admin of the target', role: 'create' as Role, status: 403 },
      { name: 'a non-member of the target', role: null, status: 404 },
      {
        name: 'a collection that is not in the target organization',
        role: 'admin' as Role,
        body: (_own: string, target: string, collection: string) => ({
          organization: target,
          collection,
        }),
        status: 400,
      },
    ])
    .run(async ({ client, assert }, { role, by, body, status }) => {
      const { admin, second } = await adminOfTwo(role)
      const own = await createCollection(client, admin)
      const space = await createSpace(client, admin)
      const caller = by
        ? await createCaller({ organizationId: admin.organizationId, role: by })
        : admin
      const ids = [admin.organizationId, second.organizationId, own.id] as const
      const sent = body ? body(...ids) : { organization: second.organizationId }
      const response = await apiAs(client, caller).post(`/v1/spaces/${space.id}/transfer`, sent)
      response.assertStatus(status)
      validateContract('GET', `/v1/spaces/${space.id}`, status, response.body())
      const read = await apiAs(client, admin).get(`/v1/spaces/${space.id}`)
      assert.equal(read.body().organization, admin.organizationId)
    })
})
