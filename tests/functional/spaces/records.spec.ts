import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { appUrl } from '#config/app'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { adminOfTwo, createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

test.group('The Space and Collection records', (group) => {
  eachTestInTransaction(group)

  // Each field with its type.
  test('a Space carries every field of the platform document', async ({ client, assert }) => {
    const admin = await createCaller()
    const [root, collection] = [
      await createSpace(client, admin, { title: 'Root' }),
      await createCollection(client, admin),
    ]
    const inside = await createSpace(client, admin, {
      title: 'Inside',
      parent: collection.id,
      emoji: '📘',
    })

    assert.sameMembers(Object.keys(root), [
      'object',
      'id',
      'title',
      'emoji',
      'visibility',
      'createdAt',
      'updatedAt',
      'editMode',
      'mergeRules',
      'urls',
      'organization',
      'revision',
      'defaultLevel',
      'comments',
      'changeRequests',
      'changeRequestsOpen',
      'changeRequestsDraft',
      'permissions',
    ])
    assert.equal(root.object, 'space')
    assert.equal(root.emoji, '', 'no emoji is an empty string: the field is required')
    assert.match(root.createdAt, ISO_MS)
    assert.match(root.updatedAt, ISO_MS)
    assert.isString(root.revision)
    assert.lengthOf(root.revision, 20)
    assert.deepEqual(root.urls, {
      location: `${appUrl}/v1/spaces/${root.id}`,
      app: `${appUrl}/console/spaces/${root.id}`,
    })
    for (const key of ['comments', 'changeRequests', 'changeRequestsOpen', 'changeRequestsDraft']) {
      assert.strictEqual(root[key], 0, key)
    }
    assert.equal(inside.parent, collection.id)
    assert.equal(inside.emoji, '📘')
    assert.notProperty(root, 'parent')
    assert.notProperty(root, 'deletedAt')

    // updatedAt moves on a change, createdAt and revision do not.
    const before = Date.parse(root.updatedAt)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const patched = await apiAs(client, admin).patch(`/v1/spaces/${root.id}`, { title: 'Renamed' })
    assertAnswer(patched, 200)
    assert.equal(patched.body().createdAt, root.createdAt)
    assert.equal(patched.body().revision, root.revision)
    assert.isAbove(Date.parse(patched.body().updatedAt), before)
  })

  // Every visibility is accepted inside a collection; in-collection only there.
  test('visibility: in-collection only in a collection', async ({ client, assert }) => {
    const admin = await createCaller()
    const collection = await createCollection(client, admin)
    const space = await createSpace(client, admin, { parent: collection.id })
    const root = await createSpace(client, admin)
    for (const visibility of [
      'public',
      'unlisted',
      'share-link',
      'visitor-auth',
      'in-collection',
      'private',
    ]) {
      const response = await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, { visibility })
      assertAnswer(response, 200)
      assert.equal(response.body().visibility, visibility)
      const atRoot = await apiAs(client, admin).patch(`/v1/spaces/${root.id}`, { visibility })
      assertAnswer(atRoot, visibility === 'in-collection' ? 400 : 200)
    }
  })

  // Transferred, or restored after its collection was deleted.
  test('an in-collection space out of its collection is private', async ({ client, assert }) => {
    const { admin, second: target } = await adminOfTwo()
    const collection = await createCollection(client, admin)
    const toTransfer = await createSpace(client, admin, { parent: collection.id })
    const toRestore = await createSpace(client, admin, { parent: collection.id })
    for (const space of [toTransfer, toRestore]) {
      await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, { visibility: 'in-collection' })
    }

    const transferred = await apiAs(client, admin).post(`/v1/spaces/${toTransfer.id}/transfer`, {
      organization: target.organizationId,
    })
    transferred.assertStatus(200)
    validateContract('GET', `/v1/spaces/${toTransfer.id}`, 200, transferred.body())
    assert.equal(transferred.body().visibility, 'private')
    assert.notProperty(transferred.body(), 'parent')

    // Its collection deleted while it was deleted, the space restores to the root as private.
    await apiAs(client, admin).delete(`/v1/spaces/${toRestore.id}`)
    const deleted = await apiAs(client, admin).delete(`/v1/collections/${collection.id}`)
    assertAnswer(deleted, 205)
    const restored = await apiAs(client, admin).post(`/v1/spaces/${toRestore.id}/restore`)
    assertAnswer(restored, 200)
    assert.equal(restored.body().visibility, 'private')
    assert.notProperty(restored.body(), 'parent')
  })

  // 50 emoji make a valid title.
  test('limits count characters, not UTF-16 units', async ({ client, assert }) => {
    const admin = await createCaller()
    const emojis = { title: '📘'.repeat(50), emoji: '🎉'.repeat(50) }
    const space = await createSpace(client, admin, emojis)
    assert.include(space, emojis)
    const patched = await apiAs(client, admin).patch(`/v1/spaces/${space.id}`, {
      title: '👩‍💻'.repeat(16),
    })
    assertAnswer(patched, 200)
    const collection = await createCollection(client, admin, { title: '📁'.repeat(50) })
    const described = await apiAs(client, admin).patch(`/v1/collections/${collection.id}`, {
      description: '📝'.repeat(100),
    })
    assertAnswer(described, 200)
    const read = await apiAs(client, admin).get(`/v1/collections/${collection.id}`)
    read.assertContract()
    assert.include(read.body(), { description: '📝'.repeat(100), title: '📁'.repeat(50) })
  })

  test('shareKey: one string up to 1024 characters', async ({ client }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const ok = await apiAs(client, admin).get(`/v1/spaces/${space.id}?shareKey=${'k'.repeat(1024)}`)
    assertAnswer(ok, 200)
    for (const query of [`shareKey=${'k'.repeat(1025)}`, 'shareKey=a&shareKey=b']) {
      const response = await apiAs(client, admin).get(`/v1/spaces/${space.id}?${query}`)
      assertAnswer(response, 400)
    }
  })

  // Each field with its type.
  test('a Collection carries every field of the platform document', async ({ client, assert }) => {
    const admin = await createCaller()
    const top = await createCollection(client, admin, { title: 'Top' })
    const child = await createCollection(client, admin, { title: 'Child', parent: top.id })
    assert.sameMembers(Object.keys(top), [
      'object',
      'id',
      'title',
      'organization',
      'defaultLevel',
      'urls',
      'permissions',
    ])
    assert.equal(child.parent, top.id)
    assert.deepEqual(top.urls, {
      location: `${appUrl}/v1/collections/${top.id}`,
      app: `${appUrl}/console/collections/${top.id}`,
    })
    const longest = { description: 'd'.repeat(100), title: 't'.repeat(50), defaultLevel: 'read' }
    const described = await apiAs(client, admin).patch(`/v1/collections/${top.id}`, longest)
    assertAnswer(described, 200)
    assert.include(described.body(), longest)
    const empty = await apiAs(client, admin).patch(`/v1/collections/${top.id}`, { description: '' })
    assertAnswer(empty, 200)
  })
})
