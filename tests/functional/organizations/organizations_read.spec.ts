import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, createOrganization, eachTestInTransaction } from '#tests/helpers/callers'
import { newId } from '#core/ids'

test.group('GET /v1/orgs', (group) => {
  eachTestInTransaction(group)

  test('lists only the organizations of the caller', async ({ client, assert }) => {
    const alice = await createCaller({ org: 'Alice Docs' })
    const bob = await createCaller({ org: 'Bob Docs' })

    const response = await client.get('/v1/orgs').bearerToken(alice.token)
    assertAnswer(response, 200)
    const ids = response.body().items.map((org: any) => org.id)
    assert.deepEqual(ids, [alice.organizationId])
    assert.equal(response.body().count, 1)
    assert.notProperty(response.body(), 'next')
    assert.notInclude(ids, bob.organizationId)

    const org = response.body().items[0]
    assert.equal(org.object, 'organization')
    assert.equal(org.title, 'Alice Docs')
    assert.isTrue(org.internal_isOnNewTrial)
    assert.isTrue(org.permissions.admin)
    assert.match(org.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })

  test('pages through with opaque keyset cursors, stable under inserts', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller({ org: 'First' })
    for (const title of ['Second', 'Third', 'Fourth']) {
      const created = await client.post('/v1/orgs').bearerToken(caller.token).json({ title })
      created.assertContract()
      created.assertStatus(201)
    }

    const first = await client.get('/v1/orgs').qs({ limit: 2 }).bearerToken(caller.token)
    assertAnswer(first, 200)
    assert.equal(first.body().count, 4)
    assert.lengthOf(first.body().items, 2)
    assert.isString(first.body().next.page)

    // An organization created between two pages shows up at the end, and nothing repeats.
    await client.post('/v1/orgs').bearerToken(caller.token).json({ title: 'Fifth' })

    const second = await client
      .get('/v1/orgs')
      .qs({ limit: 2, page: first.body().next.page })
      .bearerToken(caller.token)
    assertAnswer(second, 200)
    const third = await client
      .get('/v1/orgs')
      .qs({ limit: 2, page: second.body().next.page })
      .bearerToken(caller.token)
    assertAnswer(third, 200)
    assert.notProperty(third.body(), 'next')

    const titles = [...first.body().items, ...second.body().items, ...third.body().items].map(
      (org: any) => org.title
    )
    assert.deepEqual(titles, ['First', 'Second', 'Third', 'Fourth', 'Fifth'])
  })

  test('defaults to 100 items a page', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await client.get('/v1/orgs').bearerToken(caller.token)
    assert.equal(response.body().items.length, 1)
  })

  test('rejects limit {$self}')
    .with(['0', '1001', 'abc', '1.5', '-1'])
    .run(async ({ client, assert }, limit) => {
      const caller = await createCaller()
      const response = await client.get(`/v1/orgs?limit=${limit}`).bearerToken(caller.token)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'limit')
    })

  test('accepts limit 1000', async ({ client }) => {
    const caller = await createCaller()
    const response = await client.get('/v1/orgs?limit=1000').bearerToken(caller.token)
    response.assertStatus(200)
  })

  test('rejects a forged page cursor (case {$i})')
    .with([
      'garbage',
      Buffer.from('[1]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      'x'.repeat(2000),
    ])
    .run(async ({ client, assert }, page) => {
      const caller = await createCaller()
      const response = await client.get('/v1/orgs').qs({ page }).bearerToken(caller.token)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'page')
    })

  test('needs a token', async ({ client }) => {
    const response = await client.get('/v1/orgs')
    assertAnswer(response, 401)
  })
})

test.group('GET /v1/orgs/{organizationId}', (group) => {
  eachTestInTransaction(group)

  test('answers a member with the organization and their permissions', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller({ org: 'Acme' })
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })

    const asAdmin = await client.get(`/v1/orgs/${admin.organizationId}`).bearerToken(admin.token)
    assertAnswer(asAdmin, 200)
    assert.isTrue(asAdmin.body().permissions.admin)
    assert.isTrue(asAdmin.body().permissions.createContent)

    const asReader = await client.get(`/v1/orgs/${admin.organizationId}`).bearerToken(reader.token)
    assertAnswer(asReader, 200)
    assert.isFalse(asReader.body().permissions.admin)
    assert.isFalse(asReader.body().permissions.createContent)
    assert.isTrue(asReader.body().permissions.view)
    assert.isTrue(asReader.body().permissions.listMembers)
  })

  test('timestamps keep their milliseconds through the database', async ({ client, assert }) => {
    const caller = await createCaller()
    const { default: Organization } = await import('#organizations/models/organization')
    const { DateTime } = await import('luxon')
    const organization = await Organization.findOrFail(caller.organizationId)
    organization.createdAt = DateTime.fromISO('2026-01-02T03:04:05.678Z')
    await organization.save()
    const response = await client.get(`/v1/orgs/${caller.organizationId}`).bearerToken(caller.token)
    assert.equal(response.body().createdAt, '2026-01-02T03:04:05.678Z')
  })

  test('a guest sees the organization but not its roster', async ({ client, assert }) => {
    const admin = await createCaller()
    const guest = await createCaller({ organizationId: admin.organizationId, role: null })
    const response = await client.get(`/v1/orgs/${admin.organizationId}`).bearerToken(guest.token)
    assertAnswer(response, 200)
    assert.isNull(response.body().defaultRole)
    assert.isFalse(response.body().permissions.listMembers)
    assert.isFalse(response.body().permissions.admin)
  })

  test('answers 404 for {$self}')
    .with(['another organization', 'an unknown id', 'a malformed id'])
    .run(async ({ client, assert }, kind) => {
      const caller = await createCaller()
      const other = await createOrganization()
      const id =
        kind === 'another organization'
          ? other.organizationId
          : kind === 'an unknown id'
            ? newId()
            : "x'; drop table organizations; --"
      const response = await client
        .get(`/v1/orgs/${encodeURIComponent(id)}`)
        .bearerToken(caller.token)
      assertAnswer(response, 404)
      assert.notInclude(JSON.stringify(response.body()), 'title')
    })
})
