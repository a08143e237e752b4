import { test } from '@japa/runner'
import {
  badTitleRows,
  callAs,
  sendMalformedJson,
  groupInTransaction,
  tokenWithScopes,
} from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller, createOrganization } from '#tests/helpers/callers'
import { newId } from '#core/ids'

/** A row of the "rejects" table: a new organization with these e-mail domains. */
function domainsRow(name: string, emailDomains: unknown, field: string) {
  return { name, body: { title: 'Docs', emailDomains }, field }
}

async function countOrganizations() {
  const [row] = await db.from('organizations').count('* as total')
  return Number(row.total)
}

groupInTransaction('POST /v1/orgs', () => {
  test('creates an organization with the caller as admin', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).post('/v1/orgs', {
      title: '  Docs Team  ',
      emailDomains: ['Example.COM', 'docs.example.com'],
    })
    assertAnswer(response, 201)
    const org = response.body()
    assert.equal(org.title, 'Docs Team')
    assert.deepEqual(org.emailDomains, ['example.com', 'docs.example.com'])
    assert.isTrue(org.permissions.admin)
    assert.equal(response.header('location'), org.urls.location)
    assert.match(org.id, /^[A-Za-z0-9]{20}$/)

    const read = await callAs(client, caller).get(`/v1/orgs/${org.id}`)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), org)
  })

  test('rejects {name} and creates nothing')
    .with([
      ...badTitleRows({ min: 2, max: 255 }),
      domainsRow('emailDomains as a string', 'example.com', 'emailDomains'),
      domainsRow('an invalid e-mail domain', ['not a domain'], 'emailDomains.0'),
      domainsRow('a duplicated e-mail domain', ['a.com', 'a.com'], 'emailDomains'),
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const caller = await createCaller()
      const before = await countOrganizations()
      const response = await callAs(client, caller).post('/v1/orgs', body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countOrganizations(), before)
    })

  test('rejects malformed JSON', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await sendMalformedJson(client, caller, 'post', '/v1/orgs', '{"title": "Docs"')
    assert.include(response.body().error.message.toLowerCase(), 'json')
  })

  test('rejects a body that is not an object', async ({ client }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).post('/v1/orgs', ['Docs'])
    assertAnswer(response, 400)
  })

  test('refuses a withDefaultSite that is not a boolean, creating nothing', async ({
    client,
    assert,
  }) => {
    const caller = await createCaller()
    const before = await countOrganizations()
    const response = await client
      .post('/v1/orgs')
      .qs({ withDefaultSite: 'sometimes' })
      .bearerToken(caller.token)
      .json({ title: 'Docs' })
    assertAnswer(response, 400, 'withDefaultSite')
    assert.equal(await countOrganizations(), before)
  })

  test('needs the organization:write scope', async ({ client }) => {
    const caller = await createCaller()
    const token = await tokenWithScopes(caller.user, ['organization:read'])
    const response = await callAs(client, { token }).post('/v1/orgs', { title: 'Docs' })
    assertAnswer(response, 403)
  })
})

groupInTransaction('PATCH /v1/orgs/{organizationId}', () => {
  test('an admin changes every setting', async ({ client, assert }) => {
    const admin = await createCaller()
    const response = await callAs(client, admin).patch(`/v1/orgs/${admin.organizationId}`, {
      title: 'Renamed',
      emailDomains: ['acme.test'],
      hostname: 'Acme-Docs',
      defaultRole: 'comment',
      logo: 'https://cdn.example.com/logo.png',
      sso: true,
      ai: true,
      inviteLinks: false,
    })
    assertAnswer(response, 200)
    const org = response.body()
    assert.equal(org.title, 'Renamed')
    assert.deepEqual(org.emailDomains, ['acme.test'])
    assert.equal(org.hostname, 'acme-docs')
    assert.equal(org.defaultRole, 'comment')
    assert.equal(org.urls.logo, 'https://cdn.example.com/logo.png')
    assert.isTrue(org.sso)
    assert.isTrue(org.ai)
    assert.isFalse(org.inviteLinks)

    // Nulls clear what can be cleared.
    const cleared = await callAs(client, admin).patch(`/v1/orgs/${admin.organizationId}`, {
      defaultRole: null,
      defaultContent: null,
      logo: null,
      emailDomains: [],
    })
    assertAnswer(cleared, 200)
    assert.isNull(cleared.body().defaultRole)
    assert.notProperty(cleared.body(), 'defaultContent')
    assert.notProperty(cleared.body().urls, 'logo')
    assert.deepEqual(cleared.body().emailDomains, [])
    assert.equal(cleared.body().title, 'Renamed')
  })

  test('rejects {name} and changes nothing')
    .with([
      { name: 'a one-character title', body: { title: 'x' }, field: 'title' },
      { name: 'a 256-character title', body: { title: 'x'.repeat(256) }, field: 'title' },
      { name: 'a 2-character hostname', body: { hostname: 'ab' }, field: 'hostname' },
      { name: 'a 33-character hostname', body: { hostname: 'a'.repeat(33) }, field: 'hostname' },
      { name: 'a hostname with dots', body: { hostname: 'acme.docs' }, field: 'hostname' },
      { name: 'a hostname ending in a hyphen', body: { hostname: 'acme-' }, field: 'hostname' },
      { name: 'an unknown role', body: { defaultRole: 'owner' }, field: 'defaultRole' },
      {
        name: 'defaultContent of another type',
        body: { defaultContent: { type: 'space', site: 'x' } },
        field: 'defaultContent.type',
      },
      {
        name: 'defaultContent without a site',
        body: { defaultContent: { type: 'site' } },
        field: 'defaultContent.site',
      },
      { name: 'a logo that is not a URL', body: { logo: 'not a url' }, field: 'logo' },
      {
        name: 'a logo URL over 2048 characters',
        body: { logo: `https://example.com/${'a'.repeat(2040)}` },
        field: 'logo',
      },
      { name: 'sso as a string', body: { sso: 'yes' }, field: 'sso' },
      { name: 'ai as a number', body: { ai: 1 }, field: 'ai' },
      { name: 'inviteLinks as null', body: { inviteLinks: null }, field: 'inviteLinks' },
      { name: 'emailDomains with a number', body: { emailDomains: [42] }, field: 'emailDomains.0' },
      {
        name: 'a valid title with an invalid hostname',
        body: { title: 'Valid title', hostname: '!' },
        field: 'hostname',
      },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const admin = await createCaller({ org: 'Original' })
      const before = await callAs(client, admin).get(`/v1/orgs/${admin.organizationId}`)
      before.assertContract()
      const response = await callAs(client, admin).patch(`/v1/orgs/${admin.organizationId}`, body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      const after = await callAs(client, admin).get(`/v1/orgs/${admin.organizationId}`)
      after.assertContract()
      assert.deepEqual(after.body(), before.body())
    })

  test('a hostname already used elsewhere is a conflict and changes nothing').run(
    async ({ client, assert }) => {
      const first = await createCaller()
      const second = await createCaller({ org: 'Second' })
      const taken = await callAs(client, first).patch(`/v1/orgs/${first.organizationId}`, {
        hostname: 'taken',
      })
      taken.assertContract()
      taken.assertStatus(200)

      const response = await callAs(client, second).patch(`/v1/orgs/${second.organizationId}`, {
        title: 'Changed',
        hostname: 'taken',
      })
      assertAnswer(response, 409)
      const after = await callAs(client, second).get(`/v1/orgs/${second.organizationId}`)
      after.assertContract()
      assert.equal(after.body().title, 'Second')
      assert.notProperty(after.body(), 'hostname')
    }
  )

  test('a member below admin ({$self}) is refused with 403')
    .with(['create', 'review', 'edit', 'comment', 'read', null] as const)
    .run(async ({ client, assert }, role) => {
      const admin = await createCaller({ org: 'Original' })
      const member = await createCaller({ organizationId: admin.organizationId, role })
      const response = await callAs(client, member).patch(`/v1/orgs/${admin.organizationId}`, {
        title: 'Hijacked',
      })
      assertAnswer(response, 403)
      // The policy's own reason, not a generic refusal.
      assert.equal(
        response.body().error.message,
        'Only admins of this organization can change its settings'
      )
      const after = await callAs(client, admin).get(`/v1/orgs/${admin.organizationId}`)
      after.assertContract()
      assert.equal(after.body().title, 'Original')
    })

  test('permissions.admin says exactly who may PATCH ({$self})')
    .with(['admin', 'create', 'review', 'edit', 'comment', 'read', null] as const)
    .run(async ({ client, assert }, role) => {
      const owner = await createCaller()
      const member = await createCaller({ organizationId: owner.organizationId, role })
      const read = await callAs(client, member).get(`/v1/orgs/${owner.organizationId}`)
      read.assertContract()
      const patch = await callAs(client, member).patch(`/v1/orgs/${owner.organizationId}`, {
        ai: true,
      })
      patch.assertContract()
      assert.equal(patch.status(), read.body().permissions.admin ? 200 : 403)
      assert.equal(read.body().permissions.admin, role === 'admin')
    })

  test('another organization or an unknown id is 404', async ({ client }) => {
    const admin = await createCaller()
    const other = await createOrganization()
    for (const id of [other.organizationId, newId()]) {
      const response = await callAs(client, admin).patch(`/v1/orgs/${id}`, { title: 'Mine now' })
      assertAnswer(response, 404)
    }
  })
})

groupInTransaction('GET /v1/email-domains/{emailDomain}/orgs', () => {
  test('shows organizations of the caller’s own e-mail domain, and hides the rest').run(
    async ({ client, assert }) => {
      const admin = await createCaller()
      await callAs(client, admin).patch(`/v1/orgs/${admin.organizationId}`, {
        emailDomains: ['acme.test'],
      })

      // Someone at acme.test who is not a member yet: may join, so may see it (without member rights).
      const prospect = await createCaller({ email: `someone-${newId(6).toLowerCase()}@acme.test` })
      const seen = await callAs(client, prospect).get('/v1/email-domains/ACME.test/orgs')
      assertAnswer(seen, 200)
      const found = seen.body().organizations.find((org: any) => org.id === admin.organizationId)
      assert.exists(found)
      assert.isFalse(found.permissions.view)
      assert.isFalse(found.permissions.admin)
      assert.notProperty(found, 'billing')

      // Someone elsewhere learns nothing about acme.test.
      const outsider = await createCaller()
      const hidden = await callAs(client, outsider).get('/v1/email-domains/acme.test/orgs')
      assertAnswer(hidden, 200)
      assert.deepEqual(hidden.body().organizations, [])

      // A member sees it whatever their own address.
      const member = await createCaller({ organizationId: admin.organizationId, role: 'read' })
      const asMember = await callAs(client, member).get('/v1/email-domains/acme.test/orgs')
      asMember.assertContract()
      assert.deepEqual(
        asMember.body().organizations.map((org: any) => org.id),
        [admin.organizationId]
      )
      assert.isTrue(asMember.body().organizations[0].permissions.view)
    }
  )

  test('rejects a malformed domain', async ({ client }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).get(
      `/v1/email-domains/${encodeURIComponent('not a domain')}/orgs`
    )
    assertAnswer(response, 400)
  })
})

groupInTransaction('POST /v1/orgs/{organizationId}/ping', () => {
  test('records when the member was last seen', async ({ client, assert }) => {
    const caller = await createCaller()
    const before = await db
      .from('organization_members')
      .where({ organization_id: caller.organizationId, user_id: caller.user.id })
      .first()
    assert.isNull(before.last_seen_at)

    const response = await callAs(client, caller).post(`/v1/orgs/${caller.organizationId}/ping`)
    assertAnswer(response, 200)

    const after = await db
      .from('organization_members')
      .where({ organization_id: caller.organizationId, user_id: caller.user.id })
      .first()
    assert.isNotNull(after.last_seen_at)
  })

  test('another organization is 404', async ({ client }) => {
    const caller = await createCaller()
    const other = await createOrganization()
    const response = await callAs(client, caller).post(`/v1/orgs/${other.organizationId}/ping`)
    assertAnswer(response, 404)
  })
})
