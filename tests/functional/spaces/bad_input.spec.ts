import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import { newId } from '#core/ids'
import { createCollection, createSpace } from './helpers.js'
import { apiAs } from '#tests/helpers/api_as'

/**
 * Everything stored about an organization's tree: a request that is refused must leave it as is.
 */
/**
 * The columns of each table a refused request must leave as they were.
 */
const WATCHED = {
  spaces: ['parent_id', 'position', 'title', 'emoji', 'visibility', 'edit_mode', 'default_level'],
  collections: ['parent_id', 'position', 'title', 'description', 'default_level'],
  content_grants: ['role'],
}

async function snapshot(...organizationIds: string[]) {
  const rows = (table: keyof typeof WATCHED, columns: string[]) =>
    db
      .from(table)
      .whereIn('organization_id', organizationIds)
      .select('id', ...columns)
      .orderBy('id')
  const [spaces, collections, grants] = await Promise.all([
    rows('spaces', ['organization_id', ...WATCHED.spaces, 'deleted_at']),
    rows('collections', ['organization_id', ...WATCHED.collections]),
    rows('content_grants', WATCHED.content_grants),
  ])
  return JSON.stringify({ spaces, collections, grants })
}

/**
 * A small tree: collections A > B, spaces S1, S2 in A, S3 at the root.
 */
async function tree(client: ApiClient, admin: Caller) {
  const a = await createCollection(client, admin, { title: 'A' })
  const b = await createCollection(client, admin, { title: 'B', parent: a.id })
  const s1 = await createSpace(client, admin, { title: 'S1', parent: a.id })
  const s2 = await createSpace(client, admin, { title: 'S2', parent: a.id })
  const s3 = await createSpace(client, admin, { title: 'S3' })
  return { a, b, s1, s2, s3 }
}

/**
 * A new organization's admin, their tree, and the snapshot taken before the test's requests.
 */
async function adminWithTree(client: ApiClient) {
  const admin = await createCaller()
  const t = await tree(client, admin)
  return { admin, t, before: await snapshot(admin.organizationId) }
}

function operations(t: Awaited<ReturnType<typeof tree>>, organizationId: string) {
  return [
    { method: 'post', path: `/v1/orgs/${organizationId}/spaces` },
    { method: 'patch', path: `/v1/spaces/${t.s1.id}` },
    { method: 'post', path: `/v1/spaces/${t.s1.id}/move` },
    { method: 'post', path: `/v1/spaces/${t.s1.id}/transfer` },
    { method: 'post', path: `/v1/spaces/${t.s1.id}/permissions` },
    { method: 'post', path: `/v1/orgs/${organizationId}/collections` },
    { method: 'patch', path: `/v1/collections/${t.b.id}` },
    { method: 'post', path: `/v1/collections/${t.b.id}/move` },
    { method: 'post', path: `/v1/collections/${t.b.id}/transfer` },
    { method: 'post', path: `/v1/collections/${t.b.id}/permissions` },
  ] as const
}

/**
 * Each operation's label in the table of invalid bodies.
 */
const OPERATIONS = {
  patchSpace: 'space PATCH',
  createSpace: 'space POST',
  createCollection: 'collection POST',
  patchCollection: 'collection PATCH',
  transferSpace: 'space transfer',
  transferCollection: 'collection transfer',
  moveSpace: 'space move',
  moveCollection: 'collection move',
}
type Operation = keyof typeof OPERATIONS

/**
 * A table of invalid bodies, by operation: `[what is wrong, body, the field the error names]`.
 */
function fieldRows(table: Record<Operation, Array<[string, Record<string, unknown>, string]>>) {
  return (Object.keys(table) as Operation[]).flatMap((op) =>
    table[op].map(([what, body, field]) => ({
      name: `${OPERATIONS[op]}: ${what}`,
      op,
      body,
      field,
    }))
  )
}

/**
 * Pointers of a position: `{ before: spaceAt(id) }`.
 */
const spaceAt = (id: string) => ({ type: 'space', space: id })
const collectionAt = (id: string) => ({ type: 'collection', collection: id })

test.group('Bad input to spaces and collections changes nothing', (group) => {
  eachTestInTransaction(group)

  test('malformed JSON is a 400 on every operation with a body', async ({ client, assert }) => {
    const { admin, t, before } = await adminWithTree(client)
    for (const { method, path } of operations(t, admin.organizationId)) {
      const response = await client[method](path)
        .bearerToken(admin.token)
        .header('Content-Type', 'application/json')
        .json('{"title": "x", ')
      response.assertStatus(400)
      validateContract('GET', '/v1/user', 400, response.body())
      assert.match(response.body().error.message, /JSON/i, path)
    }
    assert.equal(await snapshot(admin.organizationId), before)
  })

  test('a wrong token is a 401 and a token without the scope a 403 on every route', async ({
    client,
    assert,
  }) => {
    const { admin, t, before } = await adminWithTree(client)
    const { value } = await User.accessTokens.create(admin.user, ['space:read'])
    const readOnly = value!.release()
    const created = await User.accessTokens.create(admin.user, ['organization:read'])
    const noSpaces = created.value!.release()
    const reads = [
      `/v1/orgs/${admin.organizationId}/spaces`,
      `/v1/spaces/${t.s1.id}`,
      `/v1/orgs/${admin.organizationId}/collections`,
      `/v1/collections/${t.a.id}`,
      `/v1/collections/${t.a.id}/spaces`,
    ]
    for (const path of reads) {
      const wrong = await client.get(path).bearerToken('gb_api_' + newId(40))
      assertAnswer(wrong, 401)
      const none = await client.get(path)
      assertAnswer(none, 401)
      const allowed = await client.get(path).bearerToken(readOnly)
      assertAnswer(allowed, 200)
      const unscoped = await client.get(path).bearerToken(noSpaces)
      assertAnswer(unscoped, 403)
    }
    const writes = [
      ...operations(t, admin.organizationId).filter((op) => !op.path.endsWith('/permissions')),
      { method: 'delete', path: `/v1/spaces/${t.s3.id}` },
      { method: 'delete', path: `/v1/collections/${t.b.id}` },
      { method: 'post', path: `/v1/spaces/${t.s3.id}/duplicate` },
      { method: 'post', path: `/v1/spaces/${t.s3.id}/restore` },
    ] as const
    for (const { method, path } of writes) {
      const wrong = await client[method](path)
        .bearerToken('gb_api_' + newId(40))
        .json({ title: 'x' })
      wrong.assertStatus(401)
      validateContract('GET', '/v1/user', 401, wrong.body())
      const denied = await client[method](path).bearerToken(readOnly).json({ title: 'x' })
      denied.assertStatus(403)
      validateContract('GET', '/v1/user', 403, denied.body())
      assert.equal(denied.body().error.code, 403, path)
    }
    assert.equal(await snapshot(admin.organizationId), before)
  })

  test('wrong types, over-long strings and unknown values are 400s naming the field: {name}')
    .with(
      fieldRows({
        patchSpace: [
          ['a 51-character emoji', { emoji: 'e'.repeat(51) }, 'emoji'],
          ['a numeric emoji', { emoji: 12 }, 'emoji'],
          ['a numeric title', { title: 5 }, 'title'],
          ['an empty title', { title: '   ' }, 'title'],
          ['editMode as a boolean', { editMode: true }, 'editMode'],
          ['defaultLevel "inherit"', { defaultLevel: 'inherit' }, 'defaultLevel'],
          [
            'an unsupported merge rule',
            { mergeRules: { type: 'rules', rules: [{ rule: 'allow_bypass', users: [] }] } },
            'allow_bypass',
          ],
          ['visibility as a number', { visibility: 1 }, 'visibility'],
          ['a title of 51 emoji', { title: '📘'.repeat(51) }, 'title'],
        ],
        createSpace: [
          ['an emoji as an array', { emoji: ['x'] }, 'emoji'],
          ['a computedSource', { computedSource: {} }, 'computedSource'],
          ['an emoji of 51 characters', { emoji: '🎉'.repeat(51) }, 'emoji'],
          ['a title of 51 emoji', { title: '📘'.repeat(51) }, 'title'],
        ],
        createCollection: [
          ['a title of 51 emoji', { title: '📁'.repeat(51) }, 'title'],
          ['a 51-character title', { title: 'é'.repeat(51) }, 'title'],
          ['a numeric parent', { parent: 3 }, 'parent'],
          ['a null parent', { parent: null }, 'parent'],
        ],
        patchCollection: [
          ['a description of 101 emoji', { description: '📝'.repeat(101) }, 'description'],
          ['a numeric description', { description: 9 }, 'description'],
          ['a 101-character description', { description: 'd'.repeat(101) }, 'description'],
          ['defaultLevel as a number', { defaultLevel: 1 }, 'defaultLevel'],
          ['a title as an object', { title: { text: 'x' } }, 'title'],
        ],
        transferSpace: [
          ['a numeric organization', { organization: 1 }, 'organization'],
          ['a null organization', { organization: null }, 'organization'],
          ['a numeric collection', { organization: 'x', collection: 2 }, 'collection'],
        ],
        transferCollection: [['a numeric organization', { organization: 1 }, 'organization']],
        moveSpace: [['a parent as an object', { parent: { id: 'x' } }, 'parent']],
        moveCollection: [['a position that is a list', { position: [] }, 'position']],
      })
    )
    .run(async ({ client, assert }, { op, body, field }) => {
      const { admin, t, before } = await adminWithTree(client)
      const requests = {
        patchSpace: () => client.patch(`/v1/spaces/${t.s1.id}`),
        createSpace: () => client.post(`/v1/orgs/${admin.organizationId}/spaces`),
        createCollection: () => client.post(`/v1/orgs/${admin.organizationId}/collections`),
        patchCollection: () => client.patch(`/v1/collections/${t.b.id}`),
        transferSpace: () => client.post(`/v1/spaces/${t.s1.id}/transfer`),
        transferCollection: () => client.post(`/v1/collections/${t.b.id}/transfer`),
        moveSpace: () => client.post(`/v1/spaces/${t.s1.id}/move`),
        moveCollection: () => client.post(`/v1/collections/${t.b.id}/move`),
      }
      const response = await requests[op as keyof typeof requests]()
        .bearerToken(admin.token)
        .json(body)
      response.assertStatus(400)
      validateContract('GET', '/v1/user', 400, response.body())
      assert.include(response.body().error.message, field)
      assert.equal(await snapshot(admin.organizationId), before)
    })

  test('limits of every list: 0, 1001 and a bad cursor are 400s')
    .with([
      { name: 'organization spaces', path: (o: string) => `/v1/orgs/${o}/spaces` },
      { name: 'organization collections', path: (o: string) => `/v1/orgs/${o}/collections` },
      {
        name: "a collection's spaces",
        path: (_o: string, c: string) => `/v1/collections/${c}/spaces`,
      },
      {
        name: "a member's spaces",
        path: (o: string, _c: string, u: string) => `/v1/orgs/${o}/members/${u}/spaces`,
      },
      {
        name: 'space grants',
        path: (_o: string, _c: string, _u: string, s: string) =>
          `/v1/spaces/${s}/permissions/users`,
      },
      {
        name: 'collection team grants',
        path: (_o: string, c: string) => `/v1/collections/${c}/permissions/teams`,
      },
    ])
    .run(async ({ client }, { path }) => {
      const admin = await createCaller()
      const t = await tree(client, admin)
      const url = path(admin.organizationId, t.a.id, admin.user.id, t.s1.id)
      for (const qs of [{ limit: 0 }, { limit: 1001 }, { limit: 2.5 }, { page: 'not-a-cursor' }]) {
        const response = await apiAs(client, admin).get(url, qs)
        assertAnswer(response, 400)
      }
      const max = await apiAs(client, admin).get(url, { limit: 1000 })
      assertAnswer(max, 200)
    })

  test('unknown and malformed space, collection and organization ids are 404 on every operation', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const before = await snapshot(admin.organizationId)
    for (const id of [newId(), 'not-an-id', 'x'.repeat(300)]) {
      const requests = [
        client.get(`/v1/spaces/${id}`),
        client.patch(`/v1/spaces/${id}`).json({ title: 'x' }),
        client.delete(`/v1/spaces/${id}`),
        client.post(`/v1/spaces/${id}/duplicate`),
        client.post(`/v1/spaces/${id}/restore`),
        client.post(`/v1/spaces/${id}/move`).json({ parent: null }),
        client.post(`/v1/spaces/${id}/transfer`).json({ organization: admin.organizationId }),
        client.post(`/v1/spaces/${id}/permissions`).json({ role: 'read', users: [admin.user.id] }),
        client.get(`/v1/collections/${id}`),
        client.patch(`/v1/collections/${id}`).json({ title: 'x' }),
        client.delete(`/v1/collections/${id}`),
        client.get(`/v1/collections/${id}/spaces`),
        client.post(`/v1/collections/${id}/move`).json({ parent: null }),
        client.post(`/v1/collections/${id}/transfer`).json({ organization: admin.organizationId }),
        client.get(`/v1/collections/${id}/permissions/users`),
        client.get(`/v1/orgs/${id}/spaces`),
        client.post(`/v1/orgs/${id}/spaces`).json({ title: 'x' }),
        client.get(`/v1/orgs/${id}/collections`),
        client.post(`/v1/orgs/${id}/collections`).json({ title: 'x' }),
        client.get(`/v1/orgs/${id}/members/${admin.user.id}/spaces`),
      ]
      for (const request of requests) {
        const response = await request.bearerToken(admin.token)
        response.assertStatus(404)
        validateContract('GET', '/v1/user', 404, response.body())
      }
    }
    assert.equal(await snapshot(admin.organizationId), before)
  })

  test("a member's spaces: unknown, foreign and malformed member ids are 404", async ({
    client,
  }) => {
    const admin = await createCaller()
    const other = await createCaller()
    for (const userId of [newId(), other.user.id, 'not an id']) {
      const response = await apiAs(client, admin).get(
        `/v1/orgs/${admin.organizationId}/members/${encodeURIComponent(userId)}/spaces`
      )
      assertAnswer(response, 404)
    }
    const foreignOrg = await apiAs(client, admin).get(
      `/v1/orgs/${other.organizationId}/members/${other.user.id}/spaces`
    )
    assertAnswer(foreignOrg, 404)
  })
})

test.group('Wrong positions and destinations change nothing', (group) => {
  eachTestInTransaction(group)

  test('space move: {name}')
    .with([
      {
        name: 'before a sibling in another parent',
        status: 400,
        body: (t: any) => ({ position: { before: spaceAt(t.s3.id) } }),
      },
      {
        name: 'after a sibling in another parent, with a parent change',
        status: 400,
        body: (t: any) => ({ parent: t.b.id, position: { after: spaceAt(t.s2.id) } }),
      },
      {
        name: 'before a space of another organization',
        status: 400,
        body: (_t: any, f: any) => ({ position: { before: spaceAt(f.space.id) } }),
      },
      {
        name: 'after a collection of another organization',
        status: 400,
        body: (_t: any, f: any) => ({ position: { after: collectionAt(f.collection.id) } }),
      },
      {
        name: 'both before and after',
        status: 400,
        body: (t: any) => ({
          position: {
            before: { type: 'space', space: t.s2.id },
            after: { type: 'space', space: t.s2.id },
          },
        }),
      },
      {
        name: 'a collection pointer naming a space',
        status: 400,
        body: (t: any) => ({ position: { before: collectionAt(t.s2.id) } }),
      },
      {
        name: 'a pointer with the id under the wrong key',
        status: 400,
        body: (t: any) => ({ position: { before: { type: 'collection', space: t.b.id } } }),
      },
      { name: 'an empty position', status: 400, body: () => ({ position: {} }) },
      {
        name: 'into a collection of another organization',
        status: 400,
        body: (_t: any, f: any) => ({ parent: f.collection.id }),
      },
      {
        name: 'into a collection id that is a space',
        status: 400,
        body: (t: any) => ({ parent: t.s3.id }),
      },
      { name: 'to where it already is', status: 409, body: (t: any) => ({ parent: t.a.id }) },
    ])
    .run(async ({ client, assert }, { body, status }) => {
      const admin = await createCaller()
      const other = await createCaller()
      const foreign = {
        space: await createSpace(client, other),
        collection: await createCollection(client, other),
      }
      const t = await tree(client, admin)
      const before = await snapshot(admin.organizationId, other.organizationId)
      const response = await apiAs(client, admin).post(
        `/v1/spaces/${t.s1.id}/move`,
        body(t, foreign)
      )
      assertAnswer(response, status)
      assert.equal(await snapshot(admin.organizationId, other.organizationId), before)
    })

  test('collection move: {name}')
    .with([
      { name: 'into itself', status: 400, body: (t: any) => ({ parent: t.a.id }), moved: 'a' },
      { name: 'into its child', status: 400, body: (t: any) => ({ parent: t.b.id }), moved: 'a' },
      {
        name: 'into its child, with a position',
        status: 400,
        body: (t: any) => ({ parent: t.b.id, position: { before: spaceAt(t.s1.id) } }),
        moved: 'a',
      },
      {
        name: 'before a space in another parent',
        status: 400,
        body: (t: any) => ({ position: { before: spaceAt(t.s3.id) } }),
        moved: 'b',
      },
      {
        name: 'after a collection of another organization',
        status: 400,
        body: (_t: any, f: any) => ({ position: { after: collectionAt(f.collection.id) } }),
        moved: 'b',
      },
      {
        name: 'into a collection of another organization',
        status: 400,
        body: (_t: any, f: any) => ({ parent: f.collection.id }),
        moved: 'b',
      },
      {
        name: 'to where it already is',
        status: 409,
        body: (t: any) => ({ parent: t.a.id }),
        moved: 'b',
      },
      { name: 'an empty body', status: 400, body: () => ({}), moved: 'b' },
    ])
    .run(async ({ client, assert }, { body, status, moved }) => {
      const admin = await createCaller()
      const other = await createCaller()
      const foreign = { collection: await createCollection(client, other) }
      const t = await tree(client, admin)
      const before = await snapshot(admin.organizationId, other.organizationId)
      const id = moved === 'a' ? t.a.id : t.b.id
      const response = await apiAs(client, admin).post(
        `/v1/collections/${id}/move`,
        body(t, foreign)
      )
      assertAnswer(response, status)
      assert.equal(await snapshot(admin.organizationId, other.organizationId), before)
    })

  test('a refused transfer leaves both organizations as they were: {name}')
    .with([
      {
        name: 'space, caller not admin of the target',
        kind: 'spaces',
        role: 'create' as const,
        status: 403,
        collection: false,
      },
      {
        name: 'space, caller not a member of the target',
        kind: 'spaces',
        role: undefined,
        status: 404,
        collection: false,
      },
      {
        name: 'space, into a collection of the source',
        kind: 'spaces',
        role: 'admin' as const,
        status: 400,
        collection: true,
      },
      {
        name: 'collection, caller not admin of the target',
        kind: 'collections',
        role: 'edit' as const,
        status: 403,
        collection: false,
      },
      {
        name: 'collection, caller not a member of the target',
        kind: 'collections',
        role: undefined,
        status: 404,
        collection: false,
      },
    ])
    .run(async ({ client, assert }, { kind, role, status, collection }) => {
      const admin = await createCaller()
      const target = await createCaller({ email: `t-${newId(6).toLowerCase()}@example.com` })
      if (role)
        await createCaller({ organizationId: target.organizationId, role, email: admin.email })
      await createSpace(client, target, { title: 'Theirs' })
      const t = await tree(client, admin)
      await apiAs(client, admin).post(`/v1/spaces/${t.s1.id}/permissions`, {
        role: 'edit',
        users: [admin.user.id],
      })
      const before = await snapshot(admin.organizationId, target.organizationId)
      const id = kind === 'spaces' ? t.s1.id : t.a.id
      const response = await apiAs(client, admin).post(`/v1/${kind}/${id}/transfer`, {
        organization: target.organizationId,
        ...(collection ? { collection: t.b.id } : {}),
      })
      response.assertStatus(status)
      validateContract('GET', '/v1/user', status, response.body())
      assert.equal(await snapshot(admin.organizationId, target.organizationId), before)
    })
})
