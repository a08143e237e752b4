import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import {
  callAs,
  testInCommittedOrganization,
  sendMalformedJson,
  groupInTransaction,
} from '#tests/helpers/fixtures_organizations'
import { statusByRole } from '#tests/helpers/roles'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { createRoster, membershipOf, roleOf } from './roster.js'

async function invitesOf(organizationId: string) {
  const rows = await db
    .from('organization_invites')
    .where('organization_id', organizationId)
    .orderBy('email')
  return rows.map((row) => ({ email: row.email, role: row.role, sso: Boolean(row.sso) }))
}

groupInTransaction('POST /v1/orgs/{id}/invites', () => {
  test('records pending invites; existing members stay as they are and are named').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const known = await createCaller({ email: 'known.person@example.com' })
      const response = await callAs(client, roster.admin).post(
        `/v1/orgs/${roster.organizationId}/invites`,
        {
          emails: [
            'New.Person@Example.com',
            { email: known.email, role: 'admin' },
            roster.read.email,
          ],
          role: 'edit',
          sso: true,
        }
      )
      assertAnswer(response, 200)
      // Nobody is added until they accept, and whether an address has an account is not revealed.
      assert.deepEqual(response.body(), {
        users: [],
        invited: 2,
        alreadyMembers: [roster.read.email],
        failedSSOEmails: [],
      })
      assert.deepEqual(await invitesOf(roster.organizationId), [
        { email: 'known.person@example.com', role: 'admin', sso: true },
        { email: 'new.person@example.com', role: 'edit', sso: true },
      ])
      assert.equal(await roleOf(roster.organizationId, roster.read.user.id), 'read')
      // Invited is not joined yet.
      assert.isNull(await membershipOf(roster.organizationId, known.user.id))
    }
  )

  test("without a role, invites take the organization's default role; inviting again renews").run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const patch = await callAs(client, roster.admin).patch(`/v1/orgs/${roster.organizationId}`, {
        defaultRole: 'comment',
      })
      patch.assertContract()
      patch.assertStatus(200)
      const first = await callAs(client, roster.admin).post(
        `/v1/orgs/${roster.organizationId}/invites`,
        { emails: ['someone@example.com'] }
      )
      assertAnswer(first, 200)
      assert.deepEqual(await invitesOf(roster.organizationId), [
        { email: 'someone@example.com', role: 'comment', sso: false },
      ])
      const guest = await callAs(client, roster.admin).post(
        `/v1/orgs/${roster.organizationId}/invites`,
        { emails: ['someone@example.com'], role: null }
      )
      guest.assertContract()
      assert.equal(guest.body().invited, 1)
      assert.deepEqual(await invitesOf(roster.organizationId), [
        { email: 'someone@example.com', role: null, sso: false },
      ])
    }
  )

  test('{role}: {status}, nothing recorded')
    .with(statusByRole({ create: 403, edit: 403, read: 403, guest: 403, outsider: 404 }))
    .run(async ({ client, assert }, { role, status }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster[role]).post(
        `/v1/orgs/${roster.organizationId}/invites`,
        { emails: ['x@example.com'], role: 'admin' }
      )
      assertAnswer(response, status)
      assert.deepEqual(await invitesOf(roster.organizationId), [])
    })

  test('rejects {name} and records nothing')
    .with([
      { name: 'missing emails', body: {}, field: 'emails' },
      { name: 'an empty list', body: { emails: [] }, field: 'emails' },
      { name: 'emails as a string', body: { emails: 'a@example.com' }, field: 'emails' },
      {
        name: 'an invalid address',
        body: { emails: ['ok@example.com', 'not-an-email'] },
        field: 'emails.1',
      },
      {
        name: 'an entry without role',
        body: { emails: [{ email: 'a@example.com' }] },
        field: 'role',
      },
      {
        name: 'an unknown role',
        body: { emails: ['a@example.com'], role: 'owner' },
        field: 'role',
      },
      { name: 'a numeric entry', body: { emails: [42] }, field: 'emails.0' },
      {
        name: 'an over-long address',
        body: { emails: [`${'a'.repeat(250)}@example.com`] },
        field: 'emails.0',
      },
      {
        name: 'more than 100 addresses',
        body: { emails: Array.from({ length: 101 }, (_, i) => `u${i}@example.com`) },
        field: 'emails',
      },
      { name: 'sso as a string', body: { emails: ['a@example.com'], sso: 'yes' }, field: 'sso' },
      // A lone surrogate made validator.js's encodeURI throw: a 500 (found by `npm run fuzz`).
      {
        name: 'an address with a lone surrogate',
        body: { emails: ['\ud800 lone@example.com'] },
        field: 'emails.0',
      },
      {
        name: 'an entry whose address has a lone surrogate',
        body: { emails: [{ email: 'a\udfff@example.com', role: 'read' }] },
        field: 'emails.0',
      },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster.admin).post(
        `/v1/orgs/${roster.organizationId}/invites`,
        body
      )
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.deepEqual(await invitesOf(roster.organizationId), [])
    })

  test('rejects malformed JSON', async ({ client }) => {
    const admin = await createCaller()
    const url = `/v1/orgs/${admin.organizationId}/invites`
    await sendMalformedJson(client, admin, 'post', url, '{"emails": [')
  })
})

/**
 * A new organization's admin, once the organization's settings (e.g. its e-mail domains) are set.
 */
async function organizationWith(client: ApiClient, settings: Record<string, unknown>) {
  const admin = await createCaller()
  const patched = await callAs(client, admin).patch(`/v1/orgs/${admin.organizationId}`, settings)
  assertAnswer(patched, 200)
  return admin
}

groupInTransaction('POST /v1/orgs/{id}/join', () => {
  test("the invited user joins with the invite's role and SSO flag; the invite is used up").run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const invite = await callAs(client, roster.admin).post(
        `/v1/orgs/${roster.organizationId}/invites`,
        { emails: [{ email: 'Invited@Example.com', role: 'review' }], sso: true }
      )
      invite.assertContract()
      invite.assertStatus(200)
      // The account comes after the invite.
      const invited = await createCaller({ email: 'invited@example.com' })
      const before = await callAs(client, invited).get(`/v1/orgs/${roster.organizationId}`)
      before.assertContract()
      before.assertStatus(404)

      const join = await callAs(client, invited).post(`/v1/orgs/${roster.organizationId}/join`)
      assertAnswer(join, 204)
      const member = await callAs(client, invited).get(
        `/v1/orgs/${roster.organizationId}/members/${invited.user.id}`
      )
      member.assertContract()
      assert.equal(member.body().role, 'review')
      assert.isTrue(member.body().sso)
      assert.deepEqual(await invitesOf(roster.organizationId), [])

      const again = await callAs(client, invited).post(`/v1/orgs/${roster.organizationId}/join`)
      again.assertContract()
      again.assertStatus(204)
      assert.equal(await roleOf(roster.organizationId, invited.user.id), 'review')
    }
  )

  test("a user of one of the organization's e-mail domains joins with the default role").run(
    async ({ client, assert }) => {
      const settings = { emailDomains: ['corp.example'], defaultRole: 'comment' }
      const { organizationId } = await organizationWith(client, settings)
      const colleague = await createCaller({ email: 'colleague@CORP.example' })
      const join = await callAs(client, colleague).post(`/v1/orgs/${organizationId}/join`)
      assertAnswer(join, 204)
      assert.equal(await roleOf(organizationId, colleague.user.id), 'comment')
    }
  )

  test('anyone else gets a 404: other domains, unknown and malformed ids').run(
    async ({ client, assert }) => {
      const { organizationId } = await organizationWith(client, { emailDomains: ['corp.example'] })
      const stranger = await createCaller({ email: 'stranger@elsewhere.example' })
      for (const id of [organizationId, newId(), 'bad']) {
        const response = await callAs(client, stranger).post(`/v1/orgs/${id}/join`)
        assertAnswer(response, 404)
      }
      assert.isNull(await membershipOf(organizationId, stranger.user.id))
    }
  )

  test(
    'only the very address invited, or the very domain listed, joins on both engines (an accent makes another one)'
  ).run(async ({ client, assert }) => {
    const roster = await createRoster()
    const invite = await callAs(client, roster.admin).post(
      `/v1/orgs/${roster.organizationId}/invites`,
      { emails: ['émile@corp.example'], role: 'edit' }
    )
    assertAnswer(invite, 200)
    const lookalike = await createCaller({ email: 'emile@corp.example' })
    const join = await callAs(client, lookalike).post(`/v1/orgs/${roster.organizationId}/join`)
    assertAnswer(join, 404)
    assert.isNull(await membershipOf(roster.organizationId, lookalike.user.id))
    const invites = await invitesOf(roster.organizationId)
    assert.deepEqual(
      invites.map((row) => row.email),
      ['émile@corp.example']
    )

    // The same for the organization's e-mail domains.
    await callAs(client, roster.admin).patch(`/v1/orgs/${roster.organizationId}`, {
      emailDomains: ['corp.example'],
    })
    const accented = await createCaller({ email: 'someone@cörp.example' })
    const byDomain = await callAs(client, accented).post(`/v1/orgs/${roster.organizationId}/join`)
    assertAnswer(byDomain, 404)
    assert.isNull(await membershipOf(roster.organizationId, accented.user.id))
  })

  test('a disabled member cannot join again through the e-mail domain (403)').run(
    async ({ client, assert }) => {
      const { organizationId } = await organizationWith(client, { emailDomains: ['corp.example'] })
      const email = 'c@corp.example'
      const colleague = await createCaller({ organizationId, role: 'read', email })
      await db
        .from('organization_members')
        .where('organization_id', organizationId)
        .where('user_id', colleague.user.id)
        .update({ disabled: true })
      const response = await callAs(client, colleague).post(`/v1/orgs/${organizationId}/join`)
      assertAnswer(response, 403)
      const { disabled } = await membershipOf(organizationId, colleague.user.id)
      assert.equal(Number(disabled), 1)
    }
  )
})

/** The roles of the organization's invite links. */
async function linkRolesOf(organizationId: string) {
  const rows = await db.from('organization_invite_links').where('organization_id', organizationId)
  return rows.map((row) => row.role)
}

groupInTransaction('Invite links', () => {
  test('an admin creates, lists, reads, updates and deletes a link', async ({ client, assert }) => {
    const roster = await createRoster()
    const base = `/v1/orgs/${roster.organizationId}/link-invites`
    const created = await callAs(client, roster.admin).post(base, { role: 'edit' })
    assertAnswer(created, 201)
    const link = created.body()
    assert.equal(link.object, 'invite')
    assert.match(link.id, /^[A-Za-z0-9]{20}$/)
    assert.equal(link.role, 'edit')
    assert.isTrue(link.redundant)
    assert.match(
      created.header('location')!,
      new RegExp(`/v1/orgs/${roster.organizationId}/link-invites/${link.id}$`)
    )

    const guestLink = await callAs(client, roster.admin).post(base, { role: null })
    guestLink.assertContract()
    assert.isNull(guestLink.body().role)

    const list = await callAs(client, roster.admin).get(base)
    assertAnswer(list, 200)
    assert.equal(list.body().count, 2)
    assert.deepEqual(
      list.body().items.map((item: any) => item.id),
      [link.id, guestLink.body().id]
    )
    const paged = await callAs(client, roster.admin).get(base, { limit: 1 })
    paged.assertContract()
    assert.property(paged.body(), 'next')

    const read = await callAs(client, roster.admin).get(`${base}/${link.id}`)
    assertAnswer(read, 200)
    assert.deepEqual(read.body(), link)

    const updated = await callAs(client, roster.admin).patch(`${base}/${link.id}`, {
      role: 'admin',
    })
    assertAnswer(updated, 200)
    assert.equal(updated.body().role, 'admin')

    const deleted = await callAs(client, roster.admin).delete(`${base}/${link.id}`)
    assertAnswer(deleted, 205)
    const gone = await callAs(client, roster.admin).get(`${base}/${link.id}`)
    assertAnswer(gone, 404)
  })

  test('{role} managing links: {status}')
    .with(statusByRole({ create: 403, edit: 403, read: 403, guest: 403, outsider: 404 }))
    .run(async ({ client, assert }, { role, status }) => {
      const roster = await createRoster()
      const base = `/v1/orgs/${roster.organizationId}/link-invites`
      const created = await callAs(client, roster.admin).post(base, { role: 'read' })
      const link = created.body()
      for (const request of [
        client.get(base),
        client.post(base).json({ role: 'admin' }),
        client.get(`${base}/${link.id}`),
        client.patch(`${base}/${link.id}`).json({ role: 'admin' }),
        client.delete(`${base}/${link.id}`),
      ]) {
        const response = await request.bearerToken(roster[role].token)
        assertAnswer(response, status)
      }
      assert.deepEqual(await linkRolesOf(roster.organizationId), ['read'])
    })

  test('rejects {name}')
    .with([
      { name: 'a missing role', body: {} },
      { name: 'an unknown role', body: { role: 'owner' } },
      { name: 'a space invite body', body: { space: 'abc', level: 'read' } },
      { name: 'a numeric role', body: { role: 1 } },
    ])
    .run(async ({ client, assert }, { body }) => {
      const roster = await createRoster()
      const base = `/v1/orgs/${roster.organizationId}/link-invites`
      const created = await callAs(client, roster.admin).post(base, { role: 'read' })
      const link = created.body()
      const create = await callAs(client, roster.admin).post(base, body)
      assertAnswer(create, 400)
      assert.include(create.body().error.message, 'role')
      const update = await callAs(client, roster.admin).patch(`${base}/${link.id}`, body)
      assertAnswer(update, 400)
      assert.deepEqual(await linkRolesOf(roster.organizationId), ['read'])
    })

  test('unknown links and links of another organization are 404; a limit above 1000 is 400').run(
    async ({ client }) => {
      const roster = await createRoster()
      const theirs = await callAs(client, roster.outsider).post(
        `/v1/orgs/${roster.outsider.organizationId}/link-invites`,
        { role: 'admin' }
      )
      theirs.assertContract()
      for (const inviteId of [newId(), 'nope', theirs.body().id]) {
        for (const request of [
          client.get(`/v1/orgs/${roster.organizationId}/link-invites/${inviteId}`),
          client
            .patch(`/v1/orgs/${roster.organizationId}/link-invites/${inviteId}`)
            .json({ role: 'read' }),
          client.delete(`/v1/orgs/${roster.organizationId}/link-invites/${inviteId}`),
          client.post(`/v1/orgs/${roster.organizationId}/invites/${inviteId}`),
        ]) {
          const response = await request.bearerToken(roster.admin.token)
          assertAnswer(response, 404)
        }
      }
      const tooMany = await callAs(client, roster.admin).get(
        `/v1/orgs/${roster.organizationId}/link-invites`,
        { limit: 1001 }
      )
      assertAnswer(tooMany, 400)
    }
  )

  test(
    'accepting a link makes the caller a member with its role, once; members keep their role'
  ).run(async ({ client, assert }) => {
    const roster = await createRoster()
    const created = await callAs(client, roster.admin).post(
      `/v1/orgs/${roster.organizationId}/link-invites`,
      { role: 'edit' }
    )
    const link = created.body()
    const accept = (caller: { token: string }) =>
      callAs(client, caller).post(`/v1/orgs/${roster.organizationId}/invites/${link.id}`)

    const joined = await accept(roster.outsider)
    assertAnswer(joined, 200)
    assert.deepEqual(joined.body(), {})
    assert.equal(await roleOf(roster.organizationId, roster.outsider.user.id), 'edit')

    // Multi-use: a second person joins with the same link.
    const another = await createCaller()
    // Members are not changed by a link, up or down.
    for (const [caller, role] of [
      [another, 'edit'],
      [roster.read, 'read'],
      [roster.admin, 'admin'],
    ] as const) {
      const accepted = await accept(caller)
      accepted.assertStatus(200)
      assert.equal(await roleOf(roster.organizationId, caller.user.id), role)
    }

    const asAdmin = await callAs(client, roster.admin).get(
      `/v1/orgs/${roster.organizationId}/link-invites/${link.id}`
    )
    asAdmin.assertContract()
    assert.isTrue(asAdmin.body().redundant)
  })

  test('inviteLinks: false disables creating and accepting links', async ({ client, assert }) => {
    const roster = await createRoster()
    const base = `/v1/orgs/${roster.organizationId}/link-invites`
    const created = await callAs(client, roster.admin).post(base, { role: 'read' })
    const link = created.body()
    const off = await callAs(client, roster.admin).patch(`/v1/orgs/${roster.organizationId}`, {
      inviteLinks: false,
    })
    off.assertContract()
    off.assertStatus(200)

    const create = await callAs(client, roster.admin).post(base, { role: 'read' })
    assertAnswer(create, 403)
    assert.include(create.body().error.message, 'inviteLinks')
    const accept = await callAs(client, roster.outsider).post(
      `/v1/orgs/${roster.organizationId}/invites/${link.id}`
    )
    assertAnswer(accept, 403)
    assert.isNull(await membershipOf(roster.organizationId, roster.outsider.user.id))

    await callAs(client, roster.admin).patch(`/v1/orgs/${roster.organizationId}`, {
      inviteLinks: true,
    })
    const later = await callAs(client, roster.outsider).post(
      `/v1/orgs/${roster.organizationId}/invites/${link.id}`
    )
    assertAnswer(later, 200)
  })

  test('a deleted link no longer admits anyone', async ({ client, assert }) => {
    const roster = await createRoster()
    const base = `/v1/orgs/${roster.organizationId}/link-invites`
    const created = await callAs(client, roster.admin).post(base, { role: 'read' })
    const link = created.body()
    const deleted = await callAs(client, roster.admin).delete(`${base}/${link.id}`)
    deleted.assertStatus(205)
    const accept = await callAs(client, roster.outsider).post(
      `/v1/orgs/${roster.organizationId}/invites/${link.id}`
    )
    assertAnswer(accept, 404)
    assert.isNull(await membershipOf(roster.organizationId, roster.outsider.user.id))
  })
})

test.group('Joining under concurrency', () => {
  // No global transaction here: the requests must run in real transactions at once.
  testInCommittedOrganization(
    'the same user joining several ways at once becomes one member, without an error',
    async ({ client, assert }, admin) => {
      const organizationId = admin.organizationId
      const settings = await callAs(client, admin).patch(`/v1/orgs/${organizationId}`, {
        emailDomains: ['race.example'],
      })
      assertAnswer(settings, 200)
      const link = await callAs(client, admin).post(`/v1/orgs/${organizationId}/link-invites`, {
        role: 'read',
      })
      assertAnswer(link, 201)
      const joiner = await createCaller({ email: `joiner-${newId(6).toLowerCase()}@race.example` })
      const responses = await Promise.all([
        callAs(client, joiner).post(`/v1/orgs/${organizationId}/join`),
        callAs(client, joiner).post(`/v1/orgs/${organizationId}/invites/${link.body().id}`),
        callAs(client, joiner).post(`/v1/orgs/${organizationId}/join`),
        callAs(client, joiner).post(`/v1/orgs/${organizationId}/invites/${link.body().id}`),
      ])
      // POST /join answers 204, accepting a link 200 (GitBook's shapes).
      responses.forEach((response, index) => {
        assertAnswer(response, index % 2 === 0 ? 204 : 200)
      })
      const rows = await db
        .from('organization_members')
        .where('organization_id', organizationId)
        .where('user_id', joiner.user.id)
      assert.lengthOf(rows, 1)
    }
  )
})
