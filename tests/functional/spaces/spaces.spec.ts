import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import { Settings } from 'luxon'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { newId } from '#core/ids'
import { createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

test.group('POST /v1/orgs/{organizationId}/spaces', (group) => {
  eachTestInTransaction(group)

  test('creates a space with an empty initial revision', async ({ client, assert }) => {
    const admin = await createCaller()
    const response = await apiAs(client, admin).post(`/v1/orgs/${admin.organizationId}/spaces`, {
      title: '  Handbook ',
      emoji: '📘',
      editMode: 'locked',
    })
    assertAnswer(response, 201)
    const space = response.body()
    assert.equal(space.title, 'Handbook')
    assert.equal(space.emoji, '📘')
    assert.equal(space.editMode, 'locked')
    assert.equal(space.visibility, 'private')
    assert.equal(space.organization, admin.organizationId)
    assert.isNull(space.defaultLevel)
    assert.match(space.id, /^[A-Za-z0-9]{20}$/)
    assert.match(space.createdAt, /\.\d{3}Z$/)
    assert.equal(response.header('location'), space.urls.location)
    assert.isTrue(space.urls.location.startsWith('http'))
    assert.deepInclude(space, {
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
    })
    assert.isTrue(space.permissions.admin)
    assert.isFalse(space.permissions.edit, 'locked space')
    const revision = await db.from('revisions').where('id', space.revision).first()
    assert.equal(revision.space_id, space.id)

    const read = await apiAs(client, admin).get(`/v1/spaces/${space.id}`)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), space)
  })

  test('rejects malformed JSON', async ({ client }) => {
    const admin = await createCaller()
    const response = await apiAs(client, admin)
      .post(`/v1/orgs/${admin.organizationId}/spaces`)
      .header('Content-Type', 'application/json')
      .json('{"title": ')
    assertAnswer(response, 400)
  })

  test('refuses a parent collection of another organization with 400', async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await createCollection(client, other)
    const response = await apiAs(client, admin).post(`/v1/orgs/${admin.organizationId}/spaces`, {
      parent: foreign.id,
    })
    assertAnswer(response, 400)
  })

  test('a non-member gets 404 and a wrong token 401', async ({ client }) => {
    const admin = await createCaller()
    const stranger = await createCaller()
    const response = await apiAs(client, stranger).post(
      `/v1/orgs/${admin.organizationId}/spaces`,
      {}
    )
    assertAnswer(response, 404)
    const anonymous = await client
      .post(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken('gb_api_nope')
      .json({})
    assertAnswer(anonymous, 401)
  })
})

test.group('GET /v1/orgs/{organizationId}/spaces', (group) => {
  eachTestInTransaction(group)

  test('lists the spaces in position order, paginated', async ({ client, assert }) => {
    const admin = await createCaller()
    const ids = []
    for (let i = 0; i < 3; i++) {
      const space = await createSpace(client, admin, { title: `S${i}` })
      ids.push(space.id)
    }
    await assertPagesThrough(
      { client, assert },
      `/v1/orgs/${admin.organizationId}/spaces`,
      admin.token,
      ids
    )
  })

  test('rejects limit {limit}')
    .with([{ limit: 1001 }, { limit: 0 }, { limit: 'many' }])
    .run(async ({ client }, { limit }) => {
      const admin = await createCaller()
      const response = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/spaces`, {
        limit,
      })
      assertAnswer(response, 400)
    })

  test('another organization is 404', async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    await createSpace(client, other)
    const response = await apiAs(client, admin).get(`/v1/orgs/${other.organizationId}/spaces`)
    assertAnswer(response, 404)
  })
})

test.group('GET, PATCH, DELETE /v1/spaces/{spaceId}', (group) => {
  eachTestInTransaction(group)

  test('accepts shareKey; unknown, malformed and foreign ids are 404', async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const space = await createSpace(client, admin)
    const foreign = await createSpace(client, other)
    const ok = await apiAs(client, admin).get(`/v1/spaces/${space.id}`, { shareKey: 'abc' })
    assertAnswer(ok, 200)
    for (const id of [newId(), 'bad id', foreign.id]) {
      const response = await apiAs(client, admin).get(`/v1/spaces/${encodeURIComponent(id)}`)
      assertAnswer(response, 404)
    }
  })

  test('an admin updates title, emoji, editMode, defaultLevel and visibility', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const space = await createSpace(client, admin, { parent: collection.id })
    const response = await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, {
      title: 'Renamed',
      emoji: '🚀',
      editMode: 'locked',
      defaultLevel: 'edit',
      visibility: 'in-collection',
    })
    assertAnswer(response, 200)
    assert.include(response.body(), {
      title: 'Renamed',
      emoji: '🚀',
      editMode: 'locked',
      defaultLevel: 'edit',
      visibility: 'in-collection',
    })
    const cleared = await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, {
      emoji: null,
      defaultLevel: null,
    })
    assertAnswer(cleared, 200)
    assert.equal(cleared.body().emoji, '')
    assert.isNull(cleared.body().defaultLevel)
  })

  test('delete hides the space; restore brings it back within 7 days', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const del = await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    assertAnswer(del, 205)
    for (const path of [`/v1/spaces/${space.id}`]) {
      const response = await apiAs(client, admin).get(path)
      assertAnswer(response, 404)
    }
    const list = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/spaces`)
    assert.equal(list.body().count, 0)
    const again = await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    assertAnswer(again, 404)

    const sixDays = Date.now() + 6 * 24 * 3600 * 1000
    Settings.now = () => sixDays
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    const restored = await apiAs(client, admin).post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(restored, 200)
    assert.equal(restored.body().id, space.id)
    assert.notProperty(restored.body(), 'deletedAt')
    const notDeleted = await apiAs(client, admin).post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(notDeleted, 404)
  })

  test('restore after 7 days is 404 and purges the space', async ({ client, assert, cleanup }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    const eightDays = Date.now() + 8 * 24 * 3600 * 1000
    Settings.now = () => eightDays
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(response, 404)
    assert.isNull(await db.from('spaces').where('id', space.id).first())
    assert.isNull(await db.from('revisions').where('space_id', space.id).first())
  })

  test('only admins delete and restore', async ({ client }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    const del = await apiAs(client, editor).delete(`/v1/spaces/${space.id}`)
    assertAnswer(del, 403)
    await apiAs(client, admin).delete(`/v1/spaces/${space.id}`)
    const restore = await apiAs(client, editor).post(`/v1/spaces/${space.id}/restore`)
    assertAnswer(restore, 403)
  })
})

test.group('POST /v1/spaces/{spaceId}/duplicate, move, transfer', (group) => {
  eachTestInTransaction(group)

  test('duplicate makes a new space with the same settings', async ({ client, assert }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const space = await createSpace(client, admin, {
      title: 'Original',
      emoji: '🎉',
      parent: collection.id,
    })
    await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, {
      defaultLevel: 'comment',
      visibility: 'unlisted',
    })
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/duplicate`)
    assertAnswer(response, 201)
    const copy = response.body()
    assert.notEqual(copy.id, space.id)
    assert.notEqual(copy.revision, space.revision)
    assert.include(copy, {
      title: 'Original',
      emoji: '🎉',
      parent: collection.id,
      defaultLevel: 'comment',
      visibility: 'unlisted',
    })
    assert.equal(response.header('location'), copy.urls.location)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const denied = await apiAs(client, reader).post(`/v1/spaces/${space.id}/duplicate`)
    assertAnswer(denied, 403)
  })

  test('move reorders siblings and moves between collections and the root', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const a = await createSpace(client, admin, { title: 'A' })
    const b = await createSpace(client, admin, { title: 'B' })
    const c = await createSpace(client, admin, { title: 'C' })
    const titles = async (path: string) => {
      const response = await apiAs(client, admin).get(path)
      return response.body().items.map((s: any) => s.title)
    }

    const before = await apiAs(client, admin).post(`/v1/spaces/${c.id}/move`, {
      position: { before: { type: 'space', space: a.id } },
    })
    assertAnswer(before, 200)
    assert.deepEqual(await titles(`/v1/orgs/${admin.organizationId}/spaces`), ['C', 'A', 'B'])

    const after = await apiAs(client, admin).post(`/v1/spaces/${c.id}/move`, {
      position: { after: { type: 'space', space: b.id } },
    })
    after.assertStatus(200)
    assert.deepEqual(await titles(`/v1/orgs/${admin.organizationId}/spaces`), ['A', 'B', 'C'])

    const collection = await createCollection(client, admin)
    const into = await apiAs(client, admin).post(`/v1/spaces/${b.id}/move`, {
      parent: collection.id,
    })
    assertAnswer(into, 200)
    assert.equal(into.body().parent, collection.id)
    assert.deepEqual(await titles(`/v1/collections/${collection.id}/spaces`), ['B'])

    await apiAs(client, admin).patch(`/v1/spaces/${b.id}`, { visibility: 'in-collection' })
    const out = await apiAs(client, admin).post(`/v1/spaces/${b.id}/move`, { parent: null })
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
      const response = await apiAs(client, admin).post(
        `/v1/spaces/${space.id}/move`,
        body(sibling.id, space.id)
      )
      assertAnswer(response, status)
    })

  test('moving to a collection of another organization is a 400', async ({ client, assert }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await createCollection(client, other)
    const space = await createSpace(client, admin)
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/move`, {
      parent: foreign.id,
    })
    assertAnswer(response, 400)
    const read = await apiAs(client, admin).get(`/v1/spaces/${space.id}`)
    assert.notProperty(read.body(), 'parent')
  })

  test('a move with a bad position changes nothing, not even the parent', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const space = await createSpace(client, admin)
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/move`, {
      parent: collection.id,
      position: { after: { type: 'space', space: newId() } },
    })
    assertAnswer(response, 400)
    const read = await apiAs(client, admin).get(`/v1/spaces/${space.id}`)
    assert.notProperty(read.body(), 'parent')
    assert.equal(read.body().updatedAt, space.updatedAt)
  })

  test('transfer refuses a collection that is not in the target organization', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const second = await createCaller()
    await createCaller({ organizationId: second.organizationId, role: 'admin', email: admin.email })
    const own = await createCollection(client, admin)
    const space = await createSpace(client, admin)
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/transfer`, {
      organization: second.organizationId,
      collection: own.id,
    })
    response.assertStatus(400)
    validateContract('GET', `/v1/spaces/${space.id}`, 400, response.body())
    const read = await apiAs(client, admin).get(`/v1/spaces/${space.id}`)
    assert.equal(read.body().organization, admin.organizationId)
  })

  test('transfer moves a space to another organization where the caller is admin', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const second = await createCaller({ email: `t-${newId(6).toLowerCase()}@example.com` })
    // The admin of the first organization also administers the second one.
    await createCaller({ organizationId: second.organizationId, role: 'admin', email: admin.email })
    const target = await createCollection(client, second)
    const space = await createSpace(client, admin)
    const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/transfer`, {
      organization: second.organizationId,
      collection: target.id,
    })
    response.assertStatus(200)
    // transferSpace is not in @gitbook/api: the answer is a Space as getSpaceById documents it.
    validateContract('GET', `/v1/spaces/${space.id}`, 200, response.body())
    assert.equal(response.body().organization, second.organizationId)
    assert.equal(response.body().parent, target.id)
    const list = await apiAs(client, admin).get(`/v1/orgs/${admin.organizationId}/spaces`)
    assert.equal(list.body().count, 0)
    const there = await apiAs(client, second).get(`/v1/collections/${target.id}/spaces`)
    assert.deepEqual(
      there.body().items.map((s: any) => s.id),
      [space.id]
    )
  })

  test('transfer refuses {name}')
    .with([
      { name: 'a non-admin of the target (403)', role: 'create' as const, status: 403 },
      { name: 'a non-member of the target (404)', role: undefined, status: 404 },
    ])
    .run(async ({ client }, { role, status }) => {
      const admin = await createCaller()
      const second = await createCaller()
      if (role)
        await createCaller({ organizationId: second.organizationId, role, email: admin.email })
      const space = await createSpace(client, admin)
      const response = await apiAs(client, admin).post(`/v1/spaces/${space.id}/transfer`, {
        organization: second.organizationId,
      })
      response.assertStatus(status)
      validateContract('GET', `/v1/spaces/${space.id}`, status, response.body())
    })

  test('transfer refuses a missing organization, the same organization and non-admins', async ({
    client,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const missing = await apiAs(client, admin).post(`/v1/spaces/${space.id}/transfer`, {})
    missing.assertStatus(400)
    const same = await apiAs(client, admin).post(`/v1/spaces/${space.id}/transfer`, {
      organization: admin.organizationId,
    })
    same.assertStatus(409)
    const creator = await createCaller({ organizationId: admin.organizationId, role: 'create' })
    const denied = await apiAs(client, creator).post(`/v1/spaces/${space.id}/transfer`, {
      organization: admin.organizationId,
    })
    denied.assertStatus(403)
    for (const response of [missing, same, denied])
      validateContract('GET', `/v1/spaces/${space.id}`, response.status(), response.body())
  })
})
