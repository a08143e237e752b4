import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { adminAnd, byRole, statusByRole } from '#tests/helpers/roles'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import { Settings } from 'luxon'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { newId } from '#core/ids'
import { createCollection, createSpace } from './helpers.js'

async function countSpaces() {
  const [row] = await db.from('spaces').count('* as total')
  return Number(row.total)
}

test.group('POST /v1/orgs/{organizationId}/spaces', (group) => {
  eachTestInTransaction(group)

  test('creates a space with an empty initial revision', async ({ client, assert }) => {
    const admin = await createCaller()
    const response = await client
      .post(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
      .json({ title: '  Handbook ', emoji: '📘', editMode: 'locked' })
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

    const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), space)
  })

  test('rejects {name} and creates nothing')
    .with([
      { name: 'a 51-character title', body: { title: 'x'.repeat(51) }, field: 'title' },
      { name: 'a numeric title', body: { title: 42 }, field: 'title' },
      { name: 'a null title', body: { title: null }, field: 'title' },
      { name: 'a 51-character emoji', body: { emoji: 'x'.repeat(51) }, field: 'emoji' },
      { name: 'an unknown editMode', body: { editMode: 'frozen' }, field: 'editMode' },
      { name: 'an unknown parent', body: { parent: newId() }, field: 'parent' },
      { name: 'a parent as a number', body: { parent: 7 }, field: 'parent' },
      {
        name: 'a template, which is not supported',
        body: { template: { id: 'x' } },
        field: 'template',
      },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const admin = await createCaller()
      const before = await countSpaces()
      const response = await client
        .post(`/v1/orgs/${admin.organizationId}/spaces`)
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countSpaces(), before)
    })

  test('rejects malformed JSON', async ({ client }) => {
    const admin = await createCaller()
    const response = await client
      .post(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
      .header('Content-Type', 'application/json')
      .json('{"title": ')
    assertAnswer(response, 400)
  })

  test('refuses a parent collection of another organization with 400', async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await createCollection(client, other)
    const response = await client
      .post(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
      .json({ parent: foreign.id })
    assertAnswer(response, 400)
  })

  test('role {role} creating at the root: {status}')
    .with(statusByRole({ admin: 201, create: 201, review: 403, edit: 403, read: 403, guest: 403 }))
    .run(async ({ client, assert }, { role, status }) => {
      const { admin, caller: member } = await adminAnd(role)
      const response = await client
        .post(`/v1/orgs/${admin.organizationId}/spaces`)
        .bearerToken(member.token)
        .json({ title: 'Mine' })
      assertAnswer(response, status)
      // A creator administers what they create.
      if (status === 201) assert.isTrue(response.body().permissions.admin)
    })

  test('a non-member gets 404 and a wrong token 401', async ({ client }) => {
    const admin = await createCaller()
    const stranger = await createCaller()
    const response = await client
      .post(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(stranger.token)
      .json({})
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
      const response = await client
        .get(`/v1/orgs/${admin.organizationId}/spaces`)
        .qs({ limit })
        .bearerToken(admin.token)
      assertAnswer(response, 400)
    })

  test('another organization is 404', async ({ client }) => {
    const admin = await createCaller()
    const other = await createCaller()
    await createSpace(client, other)
    const response = await client
      .get(`/v1/orgs/${other.organizationId}/spaces`)
      .bearerToken(admin.token)
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
    const ok = await client
      .get(`/v1/spaces/${space.id}`)
      .qs({ shareKey: 'abc' })
      .bearerToken(admin.token)
    assertAnswer(ok, 200)
    for (const id of [newId(), 'bad id', foreign.id]) {
      const response = await client
        .get(`/v1/spaces/${encodeURIComponent(id)}`)
        .bearerToken(admin.token)
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
    const response = await client.patch(`/v1/spaces/${space.id}`).bearerToken(admin.token).json({
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
    const cleared = await client
      .patch(`/v1/spaces/${space.id}`)
      .bearerToken(admin.token)
      .json({ emoji: null, defaultLevel: null })
    assertAnswer(cleared, 200)
    assert.equal(cleared.body().emoji, '')
    assert.isNull(cleared.body().defaultLevel)
  })

  test('PATCH rejects {name}')
    .with([
      { name: 'a 51-character title', body: { title: 'y'.repeat(51) } },
      { name: 'a null title', body: { title: null } },
      { name: 'an unknown visibility', body: { visibility: 'secret' } },
      { name: 'an unknown defaultLevel', body: { defaultLevel: 'owner' } },
      { name: 'in-collection for a root space', body: { visibility: 'in-collection' } },
      { name: 'an icon, which is not supported', body: { icon: 'https://example.com/i.png' } },
      { name: 'a language, which is not supported', body: { language: 'fr' } },
    ])
    .run(async ({ client, assert }, { body }) => {
      const admin = await createCaller()
      const space = await createSpace(client, admin, { title: 'Kept' })
      const response = await client
        .patch(`/v1/spaces/${space.id}`)
        .bearerToken(admin.token)
        .json(body)
      assertAnswer(response, 400)
      const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
      assert.equal(read.body().title, 'Kept')
      assert.equal(read.body().visibility, 'private')
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
    .run(async ({ client, assert }, { role, view, update }) => {
      const { admin, caller: member } = await adminAnd(role)
      const space = await createSpace(client, admin)
      const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(member.token)
      assertAnswer(read, view)
      if (view === 200) assert.equal(read.body().permissions.admin, role === 'admin')
      const patch = await client
        .patch(`/v1/spaces/${space.id}`)
        .bearerToken(member.token)
        .json({ title: 'X' })
      assertAnswer(patch, update)
      const stranger = await createCaller()
      const foreign = await client.get(`/v1/spaces/${space.id}`).bearerToken(stranger.token)
      assertAnswer(foreign, 404)
    })

  test('delete hides the space; restore brings it back within 7 days', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const del = await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assertAnswer(del, 205)
    for (const path of [`/v1/spaces/${space.id}`]) {
      const response = await client.get(path).bearerToken(admin.token)
      assertAnswer(response, 404)
    }
    const list = await client
      .get(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
    assert.equal(list.body().count, 0)
    const again = await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assertAnswer(again, 404)

    const sixDays = Date.now() + 6 * 24 * 3600 * 1000
    Settings.now = () => sixDays
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    const restored = await client.post(`/v1/spaces/${space.id}/restore`).bearerToken(admin.token)
    assertAnswer(restored, 200)
    assert.equal(restored.body().id, space.id)
    assert.notProperty(restored.body(), 'deletedAt')
    const notDeleted = await client.post(`/v1/spaces/${space.id}/restore`).bearerToken(admin.token)
    assertAnswer(notDeleted, 404)
  })

  test('restore after 7 days is 404 and purges the space', async ({ client, assert, cleanup }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    const eightDays = Date.now() + 8 * 24 * 3600 * 1000
    Settings.now = () => eightDays
    cleanup(() => {
      Settings.now = () => Date.now()
    })
    const response = await client.post(`/v1/spaces/${space.id}/restore`).bearerToken(admin.token)
    assertAnswer(response, 404)
    assert.isNull(await db.from('spaces').where('id', space.id).first())
    assert.isNull(await db.from('revisions').where('space_id', space.id).first())
  })

  test('only admins delete and restore', async ({ client }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    const del = await client.delete(`/v1/spaces/${space.id}`).bearerToken(editor.token)
    assertAnswer(del, 403)
    await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    const restore = await client.post(`/v1/spaces/${space.id}/restore`).bearerToken(editor.token)
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
    await client
      .patch(`/v1/spaces/${space.id}`)
      .bearerToken(admin.token)
      .json({ defaultLevel: 'comment', visibility: 'unlisted' })
    const response = await client.post(`/v1/spaces/${space.id}/duplicate`).bearerToken(admin.token)
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
    const denied = await client.post(`/v1/spaces/${space.id}/duplicate`).bearerToken(reader.token)
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
      const response = await client.get(path).bearerToken(admin.token)
      return response.body().items.map((s: any) => s.title)
    }

    const before = await client
      .post(`/v1/spaces/${c.id}/move`)
      .bearerToken(admin.token)
      .json({ position: { before: { type: 'space', space: a.id } } })
    assertAnswer(before, 200)
    assert.deepEqual(await titles(`/v1/orgs/${admin.organizationId}/spaces`), ['C', 'A', 'B'])

    const after = await client
      .post(`/v1/spaces/${c.id}/move`)
      .bearerToken(admin.token)
      .json({ position: { after: { type: 'space', space: b.id } } })
    after.assertStatus(200)
    assert.deepEqual(await titles(`/v1/orgs/${admin.organizationId}/spaces`), ['A', 'B', 'C'])

    const collection = await createCollection(client, admin)
    const into = await client
      .post(`/v1/spaces/${b.id}/move`)
      .bearerToken(admin.token)
      .json({ parent: collection.id })
    assertAnswer(into, 200)
    assert.equal(into.body().parent, collection.id)
    assert.deepEqual(await titles(`/v1/collections/${collection.id}/spaces`), ['B'])

    await client
      .patch(`/v1/spaces/${b.id}`)
      .bearerToken(admin.token)
      .json({ visibility: 'in-collection' })
    const out = await client
      .post(`/v1/spaces/${b.id}/move`)
      .bearerToken(admin.token)
      .json({ parent: null })
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
      const response = await client
        .post(`/v1/spaces/${space.id}/move`)
        .bearerToken(admin.token)
        .json(body(sibling.id, space.id))
      assertAnswer(response, status)
    })

  test('moving to a collection of another organization is a 400', async ({ client, assert }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await createCollection(client, other)
    const space = await createSpace(client, admin)
    const response = await client
      .post(`/v1/spaces/${space.id}/move`)
      .bearerToken(admin.token)
      .json({ parent: foreign.id })
    assertAnswer(response, 400)
    const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.notProperty(read.body(), 'parent')
  })

  test('a move with a bad position changes nothing, not even the parent', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const space = await createSpace(client, admin)
    const response = await client
      .post(`/v1/spaces/${space.id}/move`)
      .bearerToken(admin.token)
      .json({ parent: collection.id, position: { after: { type: 'space', space: newId() } } })
    assertAnswer(response, 400)
    const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
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
    const response = await client
      .post(`/v1/spaces/${space.id}/transfer`)
      .bearerToken(admin.token)
      .json({ organization: second.organizationId, collection: own.id })
    response.assertStatus(400)
    validateContract('GET', `/v1/spaces/${space.id}`, 400, response.body())
    const read = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
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
    const response = await client
      .post(`/v1/spaces/${space.id}/transfer`)
      .bearerToken(admin.token)
      .json({ organization: second.organizationId, collection: target.id })
    response.assertStatus(200)
    // transferSpace is not in @gitbook/api: the answer is a Space as getSpaceById documents it.
    validateContract('GET', `/v1/spaces/${space.id}`, 200, response.body())
    assert.equal(response.body().organization, second.organizationId)
    assert.equal(response.body().parent, target.id)
    const list = await client
      .get(`/v1/orgs/${admin.organizationId}/spaces`)
      .bearerToken(admin.token)
    assert.equal(list.body().count, 0)
    const there = await client.get(`/v1/collections/${target.id}/spaces`).bearerToken(second.token)
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
      const response = await client
        .post(`/v1/spaces/${space.id}/transfer`)
        .bearerToken(admin.token)
        .json({ organization: second.organizationId })
      response.assertStatus(status)
      validateContract('GET', `/v1/spaces/${space.id}`, status, response.body())
    })

  test('transfer refuses a missing organization, the same organization and non-admins', async ({
    client,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const missing = await client
      .post(`/v1/spaces/${space.id}/transfer`)
      .bearerToken(admin.token)
      .json({})
    missing.assertStatus(400)
    const same = await client
      .post(`/v1/spaces/${space.id}/transfer`)
      .bearerToken(admin.token)
      .json({ organization: admin.organizationId })
    same.assertStatus(409)
    const creator = await createCaller({ organizationId: admin.organizationId, role: 'create' })
    const denied = await client
      .post(`/v1/spaces/${space.id}/transfer`)
      .bearerToken(creator.token)
      .json({ organization: admin.organizationId })
    denied.assertStatus(403)
    for (const response of [missing, same, denied])
      validateContract('GET', `/v1/spaces/${space.id}`, response.status(), response.body())
  })
})
