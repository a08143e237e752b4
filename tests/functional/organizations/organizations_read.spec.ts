import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import { adminAnd } from '#tests/helpers/roles'
import { createCaller, createOrganization } from '#tests/helpers/callers'
import { newId } from '#core/ids'

groupInTransaction('GET /v1/orgs', () => {
  test('lists only the organizations of the caller', async ({ client, assert }) => {
    const alice = await createCaller({ org: 'Alice Docs' })
    const bob = await createCaller({ org: 'Bob Docs' })

    const response = await callAs(client, alice).get('/v1/orgs')
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

  test('pages through with opaque keyset cursors, stable under inserts').run(
    async ({ client, assert }) => {
      const caller = await createCaller({ org: 'First' })
      for (const title of ['Second', 'Third', 'Fourth']) {
        const created = await callAs(client, caller).post('/v1/orgs', { title })
        created.assertContract()
        created.assertStatus(201)
      }

      const first = await callAs(client, caller).get('/v1/orgs', { limit: 2 })
      assertAnswer(first, 200)
      assert.equal(first.body().count, 4)
      assert.lengthOf(first.body().items, 2)
      assert.isString(first.body().next.page)

      // An organization created between two pages shows up at the end, and nothing repeats.
      await callAs(client, caller).post('/v1/orgs', { title: 'Fifth' })

      const second = await callAs(client, caller).get('/v1/orgs', {
        limit: 2,
        page: first.body().next.page,
      })
      assertAnswer(second, 200)
      const third = await callAs(client, caller).get('/v1/orgs', {
        limit: 2,
        page: second.body().next.page,
      })
      assertAnswer(third, 200)
      assert.notProperty(third.body(), 'next')

      const titles = [...first.body().items, ...second.body().items, ...third.body().items].map(
        (org: any) => org.title
      )
      assert.deepEqual(titles, ['First', 'Second', 'Third', 'Fourth', 'Fifth'])
    }
  )

  test('defaults to 100 items a page', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).get('/v1/orgs')
    assert.equal(response.body().items.length, 1)
  })

  test('rejects limit {$self}')
    .with(['0', '1001', 'abc', '1.5', '-1'])
    .run(async ({ client, assert }, limit) => {
      const caller = await createCaller()
      const response = await callAs(client, caller).get(`/v1/orgs?limit=${limit}`)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'limit')
    })

  test('accepts limit 1000', async ({ client }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).get('/v1/orgs?limit=1000')
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
      const response = await callAs(client, caller).get('/v1/orgs', { page })
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'page')
    })

  test('needs a token', async ({ client }) => {
    const response = await client.get('/v1/orgs')
    assertAnswer(response, 401)
  })
})

groupInTransaction('GET /v1/orgs/{organizationId}', () => {
  test('a guest sees the organization but not its roster', async ({ client, assert }) => {
    const { caller: guest, organizationId } = await adminAnd('guest')
    const response = await callAs(client, guest).get(`/v1/orgs/${organizationId}`)
    assertAnswer(response, 200)
    assert.isNull(response.body().defaultRole)
    assert.isFalse(response.body().permissions.listMembers)
    assert.isFalse(response.body().permissions.admin)
  })

  test('answers a member with the organization and their permissions').run(
    async ({ client, assert }) => {
      const admin = await createCaller({ org: 'Acme' })
      const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })

      const asAdmin = await callAs(client, admin).get(`/v1/orgs/${admin.organizationId}`)
      assertAnswer(asAdmin, 200)
      assert.isTrue(asAdmin.body().permissions.admin)
      assert.isTrue(asAdmin.body().permissions.createContent)

      const asReader = await callAs(client, reader).get(`/v1/orgs/${admin.organizationId}`)
      assertAnswer(asReader, 200)
      assert.isFalse(asReader.body().permissions.admin)
      assert.isFalse(asReader.body().permissions.createContent)
      assert.isTrue(asReader.body().permissions.view)
      assert.isTrue(asReader.body().permissions.listMembers)
    }
  )

  test('timestamps keep their milliseconds through the database', async ({ client, assert }) => {
    const caller = await createCaller()
    const { default: Organization } = await import('#organizations/models/organization')
    const { DateTime } = await import('luxon')
    const organization = await Organization.findOrFail(caller.organizationId)
    organization.createdAt = DateTime.fromISO('2026-01-02T03:04:05.678Z')
    await organization.save()
    const response = await callAs(client, caller).get(`/v1/orgs/${caller.organizationId}`)
    assert.equal(response.body().createdAt, '2026-01-02T03:04:05.678Z')
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
      const response = await callAs(client, caller).get(`/v1/orgs/${encodeURIComponent(id)}`)
      assertAnswer(response, 404)
      assert.notInclude(JSON.stringify(response.body()), 'title')
    })
})
