import { test } from '@japa/runner'
import {
  callAs,
  testInCommittedOrganization,
  sendMalformedJson,
  columnsByRole,
  groupInTransaction,
  tokenWithScopes,
  readEveryPage,
} from '#tests/helpers/fixtures_organizations'
import { statusByRole } from '#tests/helpers/roles'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { createRoster, MATRIX, membershipOf, roleOf } from './roster.js'

const membersUrl = (organizationId: string) => `/v1/orgs/${organizationId}/members`

groupInTransaction('GET /v1/orgs/{id}/members', () => {
  test('lists every member with the whole Member record', async ({ client, assert }) => {
    const roster = await createRoster()
    const response = await callAs(client, roster.read).get(membersUrl(roster.organizationId))
    assertAnswer(response, 200)
    const body = response.body()
    assert.equal(body.count, 5)
    assert.lengthOf(body.items, 5)
    assert.notProperty(body, 'next')
    const admin = body.items.find((item: any) => item.id === roster.admin.user.id)
    assert.equal(admin.object, 'member')
    assert.equal(admin.role, 'admin')
    assert.equal(admin.user.id, roster.admin.user.id)
    assert.equal(admin.user.email, roster.admin.email)
    assert.equal(admin.user.object, 'user')
    assert.isFalse(admin.disabled)
    assert.isFalse(admin.sso)
    assert.equal(admin.spaces, 0)
    assert.equal(admin.teams, 0)
    assert.match(admin.joinedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    assert.notProperty(admin, 'lastSeenAt')
    const guest = body.items.find((item: any) => item.id === roster.guest.user.id)
    assert.isNull(guest.role)
    assert.notInclude(
      body.items.map((item: any) => item.id),
      roster.outsider.user.id
    )
  })

  test('answers {role}: {status}')
    .with(
      statusByRole({ admin: 200, create: 200, edit: 200, read: 200, guest: 403, outsider: 404 })
    )
    .run(async ({ client, assert }, { role, status }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster[role]).get(membersUrl(roster.organizationId))
      assertAnswer(response, status)
      const org = await callAs(client, roster[role]).get(`/v1/orgs/${roster.organizationId}`)
      org.assertContract()
      if (status === 404) return org.assertStatus(404)
      assert.equal(org.body().permissions.listMembers, status === 200)
    })

  test('pages with a keyset cursor, newest first by default, ascending on request').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const url = membersUrl(roster.organizationId)
      const pages = await readEveryPage(client, roster.admin, url, { limit: 2 })
      for (const body of pages) assert.equal(body.count, 5)
      const seen = pages.flatMap((body) => body.items.map((item: any) => item.id))
      const expected = [roster.guest, roster.read, roster.edit, roster.create, roster.admin].map(
        (c) => c.user.id
      )
      assert.deepEqual(seen, expected)

      const ascending = await callAs(client, roster.admin).get(membersUrl(roster.organizationId), {
        order: 'asc',
      })
      ascending.assertContract()
      assert.deepEqual(
        ascending.body().items.map((item: any) => item.id),
        [...expected].reverse()
      )
    }
  )

  test('filters by role, guest included', async ({ client, assert }) => {
    const roster = await createRoster()
    for (const [role, caller] of [
      ['edit', roster.edit],
      ['guest', roster.guest],
      ['admin', roster.admin],
    ] as const) {
      const response = await callAs(client, roster.admin).get(membersUrl(roster.organizationId), {
        role,
      })
      assertAnswer(response, 200)
      assert.deepEqual(
        response.body().items.map((item: any) => item.id),
        [caller.user.id]
      )
      assert.equal(response.body().count, 1)
    }
    const none = await callAs(client, roster.admin).get(membersUrl(roster.organizationId), {
      role: 'review',
    })
    none.assertContract()
    assert.equal(none.body().count, 0)
  })

  test('searches display names and e-mail addresses ignoring case, wildcards taken literally').run(
    async ({ client, assert }) => {
      const admin = await createCaller()
      const organizationId = admin.organizationId
      const ada = await createCaller({
        organizationId,
        role: 'read',
        email: 'ada.lovelace@example.com',
      })
      const grace = await createCaller({
        organizationId,
        role: 'read',
        email: 'g_hopper@navy.example',
      })
      await db
        .from('users')
        .where('id', grace.user.id)
        .update({ display_name: 'Grace HOPPER 100%' })
      const emile = await createCaller({ organizationId, role: 'read', email: 'durand@example.fr' })
      await db
        .from('users')
        .where('id', emile.user.id)
        .update({ display_name: 'ÉMILE Zoë Ørsted ΟΔΥΣΣΕΥΣ' })

      const search = async (term: string) => {
        const response = await callAs(client, admin).get(membersUrl(organizationId), {
          search: term,
        })
        assertAnswer(response, 200)
        return response
          .body()
          .items.map((item: any) => item.id)
          .sort()
      }
      assert.deepEqual(await search('LOVELACE'), [ada.user.id])
      assert.deepEqual(await search('Ada Love'), [ada.user.id])
      assert.deepEqual(await search('hopper'), [grace.user.id])
      assert.deepEqual(await search('NAVY.EXAMPLE'), [grace.user.id])
      assert.deepEqual(await search('100%'), [grace.user.id])
      assert.deepEqual(await search('%'), [grace.user.id])
      assert.deepEqual(await search('g_h'), [grace.user.id])
      assert.deepEqual(await search('_'), [grace.user.id])
      assert.deepEqual(await search('nobody'), [])
      // Non-ASCII letters fold case on both engines; accents still count (e is not é).
      assert.deepEqual(await search('émile'), [emile.user.id])
      assert.deepEqual(await search('Émile zOË'), [emile.user.id])
      assert.deepEqual(await search('ørsted'), [emile.user.id])
      assert.deepEqual(await search('emile'), [])
      assert.deepEqual(await search('zoe'), [])
      assert.deepEqual(await search('ΟΔΥΣΣΕΥΣ'), [emile.user.id])
      assert.deepEqual(await search('οδυσσευσ'), [emile.user.id])
    }
  )

  test('sorts by lastSeenAt, listing only members seen at least once').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      for (const caller of [roster.read, roster.admin]) {
        const ping = await callAs(client, caller).post(`/v1/orgs/${roster.organizationId}/ping`)
        ping.assertContract()
        ping.assertStatus(200)
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      const response = await callAs(client, roster.admin).get(membersUrl(roster.organizationId), {
        sort: 'lastSeenAt',
      })
      assertAnswer(response, 200)
      assert.deepEqual(
        response.body().items.map((item: any) => item.id),
        [roster.admin.user.id, roster.read.user.id]
      )
      assert.equal(response.body().count, 2)
      assert.match(response.body().items[0].lastSeenAt, /\.\d{3}Z$/)

      // Oldest first on request, one per page through the cursor.
      const query = { sort: 'lastSeenAt', order: 'asc', limit: 1 }
      const pages = await readEveryPage(
        client,
        roster.admin,
        membersUrl(roster.organizationId),
        query
      )
      for (const body of pages) assert.equal(body.count, 2)
      const seen = pages.flatMap((body) => body.items.map((item: any) => item.id))
      assert.deepEqual(seen, [roster.read.user.id, roster.admin.user.id])
    }
  )

  test('rejects {name}')
    .with([
      { name: 'a limit above 1000', qs: { limit: 1001 }, field: 'limit' },
      { name: 'a limit of 0', qs: { limit: 0 }, field: 'limit' },
      { name: 'an unknown role', qs: { role: 'owner' }, field: 'role' },
      { name: 'an unknown sort', qs: { sort: 'email' }, field: 'sort' },
      { name: 'an unknown order', qs: { order: 'up' }, field: 'order' },
      { name: 'an over-long search', qs: { search: 'x'.repeat(257) }, field: 'search' },
      { name: 'a garbage cursor', qs: { page: 'not-a-cursor' }, field: 'page' },
      { name: 'a repeated role', qs: 'role=read&role=edit', field: 'role' },
    ])
    .run(async ({ client, assert }, { qs, field }) => {
      const caller = await createCaller()
      const response = await callAs(client, caller).get(membersUrl(caller.organizationId), qs)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
    })

  test('refuses a token without the organization:members:read scope', async ({ client }) => {
    const caller = await createCaller()
    const token = await tokenWithScopes(caller.user, ['organization:read'])
    const response = await callAs(client, { token }).get(membersUrl(caller.organizationId))
    assertAnswer(response, 403)
  })
})

groupInTransaction('GET /v1/orgs/{id}/members/{userId}', () => {
  test('{role} reading another member: {status}; themselves: {self}')
    .with(
      columnsByRole({
        status: { admin: 200, create: 200, edit: 200, read: 200, guest: 403, outsider: 404 },
        self: { admin: 200, create: 200, edit: 200, read: 200, guest: 200, outsider: 404 },
      })
    )
    .run(async ({ client, assert }, { role, status, self }) => {
      const roster = await createRoster()
      const other = await callAs(client, roster[role]).get(
        `${membersUrl(roster.organizationId)}/${roster.edit.user.id === roster[role].user.id ? roster.read.user.id : roster.edit.user.id}`
      )
      assertAnswer(other, status)
      const mine = await callAs(client, roster[role]).get(
        `${membersUrl(roster.organizationId)}/${roster[role].user.id}`
      )
      assertAnswer(mine, self)
      if (self === 200) assert.equal(mine.body().id, roster[role].user.id)
    })

  test('{method} answers 404 for unknown users, malformed ids and users of another organization')
    .with([
      { method: 'get', body: undefined },
      { method: 'patch', body: { role: 'read' } },
      { method: 'delete', body: undefined },
    ] as const)
    .run(async ({ client }, { method, body }) => {
      const roster = await createRoster()
      for (const userId of [newId(), 'nope', roster.outsider.user.id]) {
        const url = `${membersUrl(roster.organizationId)}/${userId}`
        assertAnswer(await callAs(client, roster.admin)[method](url, body), 404)
      }
    })
})

groupInTransaction('PATCH /v1/orgs/{id}/members/{userId}', () => {
  test('an admin changes a role, to a guest and back', async ({ client, assert }) => {
    const roster = await createRoster()
    const url = `${membersUrl(roster.organizationId)}/${roster.read.user.id}`
    const response = await callAs(client, roster.admin).patch(url, { role: 'review' })
    assertAnswer(response, 200)
    assert.equal(response.body().role, 'review')
    assert.equal(await roleOf(roster.organizationId, roster.read.user.id), 'review')

    const guest = await callAs(client, roster.admin).patch(url, { role: null })
    assertAnswer(guest, 200)
    assert.isNull(guest.body().role)
    const asGuest = await callAs(client, roster.read).get(membersUrl(roster.organizationId))
    asGuest.assertContract()
    asGuest.assertStatus(403)
  })

  test('{role} cannot change roles: {status}')
    .with(statusByRole({ create: 403, edit: 403, read: 403, guest: 403, outsider: 404 }))
    .run(async ({ client, assert }, { role, status }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster[role]).patch(
        `${membersUrl(roster.organizationId)}/${roster.read.user.id}`,
        { role: 'admin' }
      )
      assertAnswer(response, status)
      assert.equal(await roleOf(roster.organizationId, roster.read.user.id), 'read')
    })

  test('the last admin cannot be demoted (409); with a second admin they can').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const url = `${membersUrl(roster.organizationId)}/${roster.admin.user.id}`
      const refused = await callAs(client, roster.admin).patch(url, { role: 'read' })
      assertAnswer(refused, 409)
      assert.include(refused.body().error.message, 'last admin')
      assert.equal(await roleOf(roster.organizationId, roster.admin.user.id), 'admin')

      const promoted = await callAs(client, roster.admin).patch(
        `${membersUrl(roster.organizationId)}/${roster.create.user.id}`,
        { role: 'admin' }
      )
      promoted.assertContract()
      promoted.assertStatus(200)
      const demoted = await callAs(client, roster.admin).patch(url, { role: 'read' })
      assertAnswer(demoted, 200)
      assert.equal(demoted.body().role, 'read')
    }
  )

  test('rejects {name}')
    .with([
      { name: 'a missing role', body: {} },
      { name: 'an unknown role', body: { role: 'owner' } },
      { name: 'a numeric role', body: { role: 3 } },
      { name: 'a body that is an array', body: ['admin'] },
    ])
    .run(async ({ client, assert }, { body }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster.admin).patch(
        `${membersUrl(roster.organizationId)}/${roster.read.user.id}`,
        body
      )
      assertAnswer(response, 400)
      assert.equal(await roleOf(roster.organizationId, roster.read.user.id), 'read')
    })

  test('rejects malformed JSON', async ({ client }) => {
    const { admin, read, organizationId } = await createRoster()
    const url = `${membersUrl(organizationId)}/${read.user.id}`
    await sendMalformedJson(client, admin, 'patch', url, '{"role": ')
  })
})

groupInTransaction('DELETE /v1/orgs/{id}/members/{userId}', () => {
  test('an admin removes a member and their team memberships in the organization').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const other = await createCaller({
        organizationId: roster.outsider.organizationId,
        role: 'read',
      })
      // The removed user is also in a team of another organization, which must stay.
      await createCaller({
        organizationId: roster.outsider.organizationId,
        role: 'read',
        email: roster.read.email,
      })
      const team = await callAs(client, roster.admin).put(
        `/v1/orgs/${roster.organizationId}/teams`,
        {
          title: 'Writers',
          members: [roster.read.user.id, roster.edit.user.id],
        }
      )
      team.assertContract()
      team.assertStatus(201)
      const elsewhere = await callAs(client, roster.outsider).put(
        `/v1/orgs/${roster.outsider.organizationId}/teams`,
        { title: 'Elsewhere', members: [roster.read.user.id, other.user.id] }
      )
      elsewhere.assertContract()
      elsewhere.assertStatus(201)

      const response = await callAs(client, roster.admin).delete(
        `${membersUrl(roster.organizationId)}/${roster.read.user.id}`
      )
      assertAnswer(response, 204)
      assert.isNull(await membershipOf(roster.organizationId, roster.read.user.id))

      const read = await callAs(client, roster.admin).get(
        `/v1/orgs/${roster.organizationId}/teams/${team.body().id}`
      )
      read.assertContract()
      assert.equal(read.body().members, 1)
      const kept = await callAs(client, roster.outsider).get(
        `/v1/orgs/${roster.outsider.organizationId}/teams/${elsewhere.body().id}`
      )
      kept.assertContract()
      assert.equal(kept.body().members, 2)
      const gone = await callAs(client, roster.read).get(`/v1/orgs/${roster.organizationId}`)
      gone.assertContract()
      gone.assertStatus(404)
    }
  )

  test('{role} removing another member: {status}; leaving: {leave}')
    .with(
      columnsByRole({
        status: { create: 403, edit: 403, read: 403, guest: 403, outsider: 404 },
        leave: { create: 204, edit: 204, read: 204, guest: 204, outsider: 404 },
      })
    )
    .run(async ({ client, assert }, { role, status, leave }) => {
      const roster = await createRoster()
      const target = role === 'edit' ? roster.read : roster.edit
      const other = await callAs(client, roster[role]).delete(
        `${membersUrl(roster.organizationId)}/${target.user.id}`
      )
      assertAnswer(other, status)
      assert.isNotNull(await membershipOf(roster.organizationId, target.user.id))
      const self = await callAs(client, roster[role]).delete(
        `${membersUrl(roster.organizationId)}/${roster[role].user.id}`
      )
      assertAnswer(self, leave)
    })

  test('the last admin cannot be removed, not even by themselves (409)').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster.admin).delete(
        `${membersUrl(roster.organizationId)}/${roster.admin.user.id}`
      )
      assertAnswer(response, 409)
      assert.isNotNull(await membershipOf(roster.organizationId, roster.admin.user.id))
    }
  )
})

groupInTransaction('POST /v1/orgs/{id}/members/{userId}/sso', () => {
  test('an admin marks a member as SSO member', async ({ client, assert }) => {
    const roster = await createRoster()
    const response = await callAs(client, roster.admin).post(
      `${membersUrl(roster.organizationId)}/${roster.read.user.id}/sso`
    )
    assertAnswer(response, 200)
    assert.isTrue(response.body().sso)
    assert.equal(response.body().role, 'read')
    const read = await callAs(client, roster.read).get(
      `${membersUrl(roster.organizationId)}/${roster.read.user.id}`
    )
    read.assertContract()
    assert.isTrue(read.body().sso)
  })

  test('{role}: {status}')
    .with(
      MATRIX.filter((role) => role !== 'admin').map((role) => ({
        role,
        status: role === 'outsider' ? 404 : 403,
      }))
    )
    .run(async ({ client, assert }, { role, status }) => {
      const roster = await createRoster()
      const response = await callAs(client, roster[role]).post(
        `${membersUrl(roster.organizationId)}/${roster.read.user.id}/sso`
      )
      assertAnswer(response, status)
      const row = await membershipOf(roster.organizationId, roster.read.user.id)
      assert.notOk(row.sso === true || row.sso === 1)
    })

  test('answers 404 for a non-member', async ({ client }) => {
    const roster = await createRoster()
    const response = await callAs(client, roster.admin).post(
      `${membersUrl(roster.organizationId)}/${roster.outsider.user.id}/sso`
    )
    assertAnswer(response, 404)
  })
})

groupInTransaction('GET /v1/orgs/{id}/members/{userId}/teams', () => {
  test("lists the member's teams with their team role, filtered by title ignoring case").run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const teamsUrl = `/v1/orgs/${roster.organizationId}/teams`
      const writers = await callAs(client, roster.admin).put(teamsUrl, {
        title: 'Writers Guild',
        members: [roster.edit.user.id],
      })
      writers.assertContract()
      const readers = await callAs(client, roster.admin).put(teamsUrl, {
        title: 'Readers',
        members: [roster.edit.user.id],
      })
      readers.assertContract()
      await callAs(client, roster.admin).put(teamsUrl, {
        title: 'Others',
        members: [roster.read.user.id],
      })
      const promote = await callAs(client, roster.admin).put(
        `${teamsUrl}/${writers.body().id}/members/${roster.edit.user.id}`,
        { role: 'owner' }
      )
      promote.assertContract()
      promote.assertStatus(204)

      const url = `${membersUrl(roster.organizationId)}/${roster.edit.user.id}/teams`
      const response = await callAs(client, roster.read).get(url)
      assertAnswer(response, 200)
      assert.equal(response.body().count, 2)
      assert.deepEqual(
        response.body().items.map((item: any) => [item.team.id, item.member.role]),
        [
          [writers.body().id, 'owner'],
          [readers.body().id, 'member'],
        ]
      )
      const filtered = await callAs(client, roster.read).get(url, { title: 'GUILD' })
      filtered.assertContract()
      assert.deepEqual(
        filtered.body().items.map((item: any) => item.team.id),
        [writers.body().id]
      )

      const member = await callAs(client, roster.read).get(
        `${membersUrl(roster.organizationId)}/${roster.edit.user.id}`
      )
      member.assertContract()
      assert.equal(member.body().teams, 2)
    }
  )

  test('{role}: other member {status}, own teams {self}')
    .with(
      columnsByRole({
        status: { admin: 200, read: 200, guest: 403, outsider: 404 },
        self: { admin: 200, read: 200, guest: 200, outsider: 404 },
      })
    )
    .run(async ({ client }, { role, status, self }) => {
      const roster = await createRoster()
      const target = role === 'read' ? roster.edit : roster.read
      const other = await callAs(client, roster[role]).get(
        `${membersUrl(roster.organizationId)}/${target.user.id}/teams`
      )
      assertAnswer(other, status)
      const mine = await callAs(client, roster[role]).get(
        `${membersUrl(roster.organizationId)}/${roster[role].user.id}/teams`
      )
      assertAnswer(mine, self)
    })

  test('rejects bad queries and unknown members', async ({ client }) => {
    const roster = await createRoster()
    const url = `${membersUrl(roster.organizationId)}/${roster.read.user.id}/teams`
    for (const qs of [{ limit: 1001 }, { title: 'x'.repeat(257) }, { page: '!!' }]) {
      const response = await callAs(client, roster.admin).get(url, qs)
      assertAnswer(response, 400)
    }
    const unknown = await callAs(client, roster.admin).get(
      `${membersUrl(roster.organizationId)}/${roster.outsider.user.id}/teams`
    )
    assertAnswer(unknown, 404)
  })
})

test.group('The last admin under concurrency', () => {
  // No global transaction here: the two requests must run in two real transactions at once.
  testInCommittedOrganization(
    'two admins demoting each other at the same time leave one admin',
    async ({ client, assert }, first) => {
      const organizationId = first.organizationId
      const second = await createCaller({ organizationId, role: 'admin' })
      const [a, b] = await Promise.all([
        callAs(client, first).patch(`${membersUrl(organizationId)}/${second.user.id}`, {
          role: 'read',
        }),
        callAs(client, second).patch(`${membersUrl(organizationId)}/${first.user.id}`, {
          role: 'read',
        }),
      ])
      a.assertContract()
      b.assertContract()
      // One demotion wins; the other finds either the last admin (409) or, when it was authorized
      // after the first one committed, a caller who is no longer admin (403).
      const statuses = [a.status(), b.status()].sort()
      assert.equal(statuses[0], 200)
      assert.include([403, 409], statuses[1])
      const admins = await db
        .from('organization_members')
        .where('organization_id', organizationId)
        .where('role', 'admin')
        .count('* as total')
      assert.equal(Number(admins[0].total), 1)
    }
  )
})
