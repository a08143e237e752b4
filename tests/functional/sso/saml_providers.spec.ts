import { test } from '@japa/runner'
import {
  callAs,
  sendMalformedJson,
  groupInTransaction,
  recordOperations,
  createEach,
} from '#tests/helpers/fixtures_organizations'
import { adminAnd, statusByRole } from '#tests/helpers/roles'
import { assertPagesThrough } from '#tests/helpers/lists'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { createCaller } from '#tests/helpers/callers'
import { createTestIdp } from '#tests/helpers/saml_idp'
import { assertTokenGuards, assertAnswer, assertAnswers } from '#tests/helpers/guards'
import { newId } from '#core/ids'
import { createTeam } from '#tests/helpers/teams'

const baseUrl = `http://${env.get('HOST')}:${env.get('PORT')}`
const idp = createTestIdp('crud')

function path(organizationId: string, id?: string) {
  return `/v1/orgs/${organizationId}/saml${id ? `/${id}` : ''}`
}

async function countProviders() {
  const [row] = await db.from('saml_providers').count('* as total')
  return Number(row.total)
}

function fullBody(teamId?: string) {
  return {
    label: 'Okta',
    entityID: idp.entityId,
    certificate: idp.certificatePem,
    ssoURL: idp.ssoUrl,
    ...(teamId ? { defaultTeam: teamId } : {}),
    defaultRole: 'comment',
  }
}

groupInTransaction('SAML providers: create, read, update, delete', () => {
  test('an admin creates a configured provider', async ({ client, assert }) => {
    const admin = await createCaller()
    const teamId = await createTeam(admin.organizationId, [], 'Engineering')
    const response = await callAs(client, admin).post(path(admin.organizationId), fullBody(teamId))
    assertAnswer(response, 201)
    const provider = response.body()
    assert.equal(provider.object, 'saml-provider')
    assert.match(provider.id, /^[A-Za-z0-9]{20}$/)
    assert.equal(provider.label, 'Okta')
    assert.equal(provider.entityID, idp.entityId)
    assert.equal(provider.certificate, idp.certificatePem.trim())
    assert.equal(provider.ssoURL, idp.ssoUrl)
    assert.equal(provider.defaultRole, 'comment')
    assert.equal(provider.status, 'active')
    assert.match(provider.createdAt, /\.\d{3}Z$/)
    assert.deepInclude(provider.defaultTeam, {
      object: 'team',
      id: teamId,
      title: 'Engineering',
      members: 0,
      spaces: 0,
      permissions: { admin: true, view: true },
    })
    assert.deepEqual(provider.service, {
      acsURL: `${baseUrl}/sso/saml/${provider.id}/acs`,
      startURL: `${baseUrl}/sso/saml/${provider.id}/start`,
      entityID: `${baseUrl}/sso/saml/${provider.id}/metadata`,
    })
    assert.equal(provider.urls.location, `${baseUrl}${path(admin.organizationId, provider.id)}`)
    assert.equal(response.header('location'), provider.urls.location)

    const read = await callAs(client, admin).get(path(admin.organizationId, provider.id))
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), provider)
  })

  test('a provider with only a label is pending; defaults apply', async ({ client, assert }) => {
    const admin = await createCaller()
    const response = await callAs(client, admin).post(path(admin.organizationId), {
      label: 'Later',
    })
    assertAnswer(response, 201)
    const provider = response.body()
    const pending = { status: 'pending', ssoURL: '', entityID: '', certificate: '' }
    assert.deepInclude(provider, { ...pending, defaultRole: 'read' })
    assert.notProperty(provider, 'defaultTeam')

    const guest = await callAs(client, admin).post(path(admin.organizationId), {
      label: 'Guests',
      defaultRole: null,
    })
    assertAnswer(guest, 201)
    assert.isNull(guest.body().defaultRole)
  })

  test('accepts a bare base64 certificate and stores it as PEM', async ({ client, assert }) => {
    const admin = await createCaller()
    const bare = idp.certificatePem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '')
    const response = await callAs(client, admin).post(path(admin.organizationId), {
      label: 'Bare',
      certificate: bare,
    })
    assertAnswer(response, 201)
    assert.isTrue(response.body().certificate.startsWith('-----BEGIN CERTIFICATE-----'))
  })

  test('PATCH changes only the fields given; null clears team and role').run(
    async ({ client, assert }) => {
      const admin = await createCaller()
      const teamId = await createTeam(admin.organizationId, [], 'Engineering')
      const otherTeamId = await createTeam(admin.organizationId, [], 'Support')
      const created = await callAs(client, admin).post(path(admin.organizationId), {
        label: 'Draft',
      })
      created.assertContract()
      const id = created.body().id

      const configured = await callAs(client, admin).patch(path(admin.organizationId, id), {
        entityID: idp.entityId,
        certificate: idp.certificatePem,
        ssoURL: idp.ssoUrl,
        defaultTeam: teamId,
      })
      assertAnswer(configured, 200)
      assert.equal(configured.body().label, 'Draft')
      assert.equal(configured.body().status, 'active')
      assert.equal(configured.body().defaultTeam.id, teamId)
      assert.equal(configured.body().defaultRole, 'read')

      const renamed = await callAs(client, admin).patch(path(admin.organizationId, id), {
        label: 'x'.repeat(30),
        defaultTeam: otherTeamId,
        defaultRole: 'admin',
      })
      assertAnswer(renamed, 200)
      assert.equal(renamed.body().label, 'x'.repeat(30))
      assert.equal(renamed.body().defaultTeam.title, 'Support')
      assert.equal(renamed.body().defaultRole, 'admin')
      assert.equal(renamed.body().ssoURL, idp.ssoUrl)

      const cleared = await callAs(client, admin).patch(path(admin.organizationId, id), {
        defaultTeam: null,
        defaultRole: null,
      })
      assertAnswer(cleared, 200)
      assert.notProperty(cleared.body(), 'defaultTeam')
      assert.isNull(cleared.body().defaultRole)

      const empty = await callAs(client, admin).patch(path(admin.organizationId, id), {})
      assertAnswer(empty, 200)
      assert.deepEqual(empty.body(), cleared.body())
    }
  )

  test('DELETE answers 204, then the provider is gone', async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await callAs(client, admin).post(path(admin.organizationId), fullBody())
    created.assertContract()
    const id = created.body().id
    const deleted = await callAs(client, admin).delete(path(admin.organizationId, id))
    assertAnswer(deleted, 204)
    assert.equal(deleted.text(), '')
    assertAnswers(
      [
        await callAs(client, admin).get(path(admin.organizationId, id)),
        await callAs(client, admin).delete(path(admin.organizationId, id)),
        await callAs(client, admin).patch(path(admin.organizationId, id), { label: 'Back' }),
      ],
      404
    )
  })

  test('a deleted default team leaves the provider without one', async ({ client, assert }) => {
    const admin = await createCaller()
    const teamId = await createTeam(admin.organizationId, [], 'Engineering')
    const created = await callAs(client, admin).post(path(admin.organizationId), fullBody(teamId))
    created.assertContract()
    await db.from('teams').where('id', teamId).delete()
    const read = await callAs(client, admin).get(path(admin.organizationId, created.body().id))
    assertAnswer(read, 200)
    assert.notProperty(read.body(), 'defaultTeam')
  })
})

groupInTransaction('SAML providers: bad input', () => {
  const cases = [
    { name: 'a missing label', body: { entityID: 'x' }, field: 'label', patch: false },
    { name: 'an empty label', body: { label: '' }, field: 'label', patch: true },
    { name: 'a 31-character label', body: { label: 'x'.repeat(31) }, field: 'label', patch: true },
    { name: 'a numeric label', body: { label: 7 }, field: 'label', patch: true },
    { name: 'a null label', body: { label: null }, field: 'label', patch: true },
    {
      name: 'a 1025-character entityID',
      body: { label: 'L', entityID: 'x'.repeat(1025) },
      field: 'entityID',
      patch: true,
    },
    {
      name: 'an entityID that is an object',
      body: { label: 'L', entityID: { a: 1 } },
      field: 'entityID',
      patch: true,
    },
    {
      name: 'a 10001-character certificate',
      body: { label: 'L', certificate: 'A'.repeat(10001) },
      field: 'certificate',
      patch: true,
    },
    {
      name: 'an unparseable certificate',
      body: {
        label: 'L',
        certificate: '-----BEGIN CERTIFICATE-----\nnot a cert\n-----END CERTIFICATE-----',
      },
      field: 'certificate',
      patch: true,
    },
    {
      name: 'a private key as certificate',
      body: { label: 'L', certificate: idp.privateKeyPem },
      field: 'certificate',
      patch: true,
    },
    {
      name: 'an ssoURL that is not a URL',
      body: { label: 'L', ssoURL: 'not a url' },
      field: 'ssoURL',
      patch: true,
    },
    {
      name: 'an ssoURL with another scheme',
      body: { label: 'L', ssoURL: 'javascript:alert(1)' },
      field: 'ssoURL',
      patch: true,
    },
    {
      name: 'a 2049-character ssoURL',
      body: { label: 'L', ssoURL: `https://idp.test/${'x'.repeat(2033)}` },
      field: 'ssoURL',
      patch: true,
    },
    {
      name: 'an unknown defaultRole',
      body: { label: 'L', defaultRole: 'owner' },
      field: 'defaultRole',
      patch: true,
    },
    {
      name: 'an unknown defaultTeam',
      body: { label: 'L', defaultTeam: newId() },
      field: 'defaultTeam',
      patch: true,
    },
    {
      name: 'a malformed defaultTeam',
      body: { label: 'L', defaultTeam: 'team one' },
      field: 'defaultTeam',
      patch: true,
    },
    {
      name: 'a numeric defaultTeam',
      body: { label: 'L', defaultTeam: 12 },
      field: 'defaultTeam',
      patch: true,
    },
  ]

  test('rejects {name} and changes nothing')
    .with(cases)
    .run(async ({ client, assert }, { body, field, patch }) => {
      const admin = await createCaller()
      const existing = await callAs(client, admin).post(path(admin.organizationId), {
        label: 'Kept',
      })
      existing.assertContract()
      const before = await countProviders()
      const response = await callAs(client, admin).post(path(admin.organizationId), body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countProviders(), before)

      if (patch) {
        const rest = { ...(body as Record<string, unknown>) }
        delete rest.label
        const patchBody = field === 'label' ? body : rest
        const patched = await callAs(client, admin).patch(
          path(admin.organizationId, existing.body().id),
          patchBody
        )
        assertAnswer(patched, 400)
        assert.include(patched.body().error.message, field)
        const read = await callAs(client, admin).get(path(admin.organizationId, existing.body().id))
        read.assertContract()
        assert.deepEqual(read.body(), existing.body())
      }
    })

  test("another organization's team cannot be the default team", async ({ client, assert }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreignTeam = await createTeam(other.organizationId, [], 'Engineering')
    const response = await callAs(client, admin).post(path(admin.organizationId), {
      label: 'L',
      defaultTeam: foreignTeam,
    })
    assertAnswer(response, 400)
    assert.include(response.body().error.message, 'defaultTeam')
    assert.notInclude(response.body().error.message, 'Engineering')
  })

  test('rejects malformed JSON and a non-object body', async ({ client }) => {
    const admin = await createCaller()
    await sendMalformedJson(client, admin, 'post', path(admin.organizationId), '{"label": ')
    const array = await callAs(client, admin).post(path(admin.organizationId), ['L'])
    assertAnswer(array, 400)
  })

  test("unknown ids and another organization's providers are 404", async ({ client, assert }) => {
    const admin = await createCaller()
    const other = await createCaller()
    const foreign = await callAs(client, other).post(path(other.organizationId), fullBody())
    foreign.assertContract()
    for (const id of [newId(), 'x', foreign.body().id]) {
      assertAnswers(
        [
          await callAs(client, admin).get(path(admin.organizationId, id)),
          await callAs(client, admin).patch(path(admin.organizationId, id), { label: 'Mine' }),
          await callAs(client, admin).delete(path(admin.organizationId, id)),
        ],
        404
      )
    }
    const theirs = await callAs(client, admin).get(path(other.organizationId, foreign.body().id))
    assertAnswer(theirs, 404)
    const read = await callAs(client, other).get(path(other.organizationId, foreign.body().id))
    read.assertContract()
    assert.equal(read.body().label, 'Okta')
  })
})

groupInTransaction('SAML providers: list', () => {
  test('pages through the providers oldest first', async ({ client, assert }) => {
    const admin = await createCaller()
    const labels = [{ label: 'A' }, { label: 'B' }, { label: 'C' }]
    const ids = await createEach(client, admin, path(admin.organizationId), labels)
    await assertPagesThrough({ client, assert }, path(admin.organizationId), admin.token, ids)
  })

  test('rejects limit {limit} and a bad cursor')
    .with([{ limit: 1001 }, { limit: 0 }, { limit: 2.5 }])
    .run(async ({ client }, { limit }) => {
      const admin = await createCaller()
      const response = await callAs(client, admin).get(path(admin.organizationId), { limit })
      assertAnswer(response, 400)
      const cursor = await callAs(client, admin).get(path(admin.organizationId), {
        page: 'garbage',
      })
      assertAnswer(cursor, 400)
    })
})

groupInTransaction('SAML providers: who may do what', () => {
  test('role {role} is refused every operation ({status})')
    .with(statusByRole({ create: 403, edit: 403, read: 403, guest: 403, outsider: 404 }))
    .run(async ({ client, assert }, { role, status }) => {
      const { admin, caller: member, organizationId } = await adminAnd(role)
      const created = await callAs(client, admin).post(path(organizationId), fullBody())
      const id = created.body().id
      const before = await countProviders()
      assertAnswers(
        [
          await callAs(client, member).get(path(organizationId)),
          await callAs(client, member).post(path(organizationId), { label: 'Mine' }),
          await callAs(client, member).get(path(organizationId, id)),
          await callAs(client, member).patch(path(organizationId, id), { label: 'Mine' }),
          await callAs(client, member).delete(path(organizationId, id)),
        ],
        status
      )
      assert.equal(await countProviders(), before)
      // The public login info is there for them as for anyone.
      const logins = await callAs(client, member).get(`/v1/orgs/${organizationId}/sso`)
      assertAnswer(logins, 200)
    })

  test(
    'every operation: no token or a wrong token is 401, a token without its scope is 403; nothing changes'
  ).run(async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await callAs(client, admin).post(path(admin.organizationId), fullBody())
    created.assertContract()
    created.assertStatus(201)
    const id = created.body().id
    const before = await db.from('saml_providers').where('id', id).first()
    const providers = await countProviders()
    const operations = recordOperations(client, path(admin.organizationId), id, {
      created: { label: 'L' },
      change: ['patch', { label: 'Changed' }],
    })
    await assertTokenGuards(admin.user, operations)
    assert.equal(await countProviders(), providers)
    assert.deepEqual(await db.from('saml_providers').where('id', id).first(), before)
  })
})

groupInTransaction('GET /v1/orgs/{organizationId}/sso', () => {
  test('lists the configured providers to anyone, without a token', async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await callAs(client, admin).post(path(admin.organizationId), fullBody())
    const active = created.body()
    await callAs(client, admin).post(path(admin.organizationId), { label: 'Pending' })

    const response = await client.get(`/v1/orgs/${admin.organizationId}/sso`)
    assertAnswer(response, 200)
    assert.deepEqual(response.body(), {
      items: [{ id: active.id, label: 'Okta', startURL: active.service.startURL }],
    })
    // No configuration leaks.
    assert.notInclude(JSON.stringify(response.body()), 'CERTIFICATE')

    const stranger = await createCaller()
    const withToken = await callAs(client, stranger).get(`/v1/orgs/${admin.organizationId}/sso`)
    assertAnswer(withToken, 200)
  })

  test('an organization without providers has none; unknown organizations are 404').run(
    async ({ client, assert }) => {
      const admin = await createCaller()
      const empty = await client.get(`/v1/orgs/${admin.organizationId}/sso`)
      assertAnswer(empty, 200)
      assert.deepEqual(empty.body(), { items: [] })
      for (const id of [newId(), 'nope']) {
        const unknown = await client.get(`/v1/orgs/${id}/sso`)
        assertAnswer(unknown, 404)
      }
    }
  )
})
