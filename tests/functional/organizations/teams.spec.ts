import { test } from '@japa/runner'
import {
  badTitleRows,
  callAs,
  testInCommittedOrganization,
  sendMalformedJson,
  groupInTransaction,
  readEveryPage,
} from '#tests/helpers/fixtures_organizations'
import { statusByRole } from '#tests/helpers/roles'
import { assertAnswer } from '#tests/helpers/guards'
import db from '@adonisjs/lucid/services/db'
import { createCaller } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import { createRoster, teamMembershipsOf, type Roster } from './roster.js'

const teamsUrl = (organizationId: string) => `/v1/orgs/${organizationId}/teams`

async function countTeams() {
  const [row] = await db.from('teams').count('* as total')
  return Number(row.total)
}

/**
 * A team made by the roster's admin: `edit` owns it, `guest` is a member.
 */
async function ownedTeam(client: any, roster: Roster, title = 'Writers') {
  const created = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
    title,
    members: [roster.edit.user.id, roster.guest.user.id],
  })
  created.assertContract()
  created.assertStatus(201)
  const owner = await callAs(client, roster.admin).put(
    `${teamsUrl(roster.organizationId)}/${created.body().id}/members/${roster.edit.user.id}`,
    { role: 'owner' }
  )
  owner.assertContract()
  owner.assertStatus(204)
  return created.body().id as string
}

/**
 * A roster and its team from `ownedTeam`, with the team's URL.
 */
async function rosterWithTeam(client: any) {
  const roster = await createRoster()
  const teamId = await ownedTeam(client, roster)
  return { roster, teamId, teamUrl: `${teamsUrl(roster.organizationId)}/${teamId}` }
}

/** Who may read a team: every member of its organization, and a guest who is in the team. */
const teamReaders = statusByRole({
  admin: 200,
  create: 200,
  edit: 200,
  read: 200,
  guest: 200,
  outsider: 404,
})

/** Who may change a team: its organization's admins and its owner (`edit`), answering `ok`. */
const teamManagers = (ok: number) =>
  statusByRole({ admin: ok, create: 403, edit: ok, read: 403, guest: 403, outsider: 404 })

groupInTransaction('PUT /v1/orgs/{id}/teams (create)', () => {
  test('an admin creates a team with initial members', async ({ client, assert }) => {
    const roster = await createRoster()
    const response = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
      title: '  Writers  ',
      members: [roster.read.user.id, roster.guest.user.id, roster.read.user.id],
    })
    assertAnswer(response, 201)
    const team = response.body()
    assert.equal(team.object, 'team')
    assert.match(team.id, /^[A-Za-z0-9]{20}$/)
    assert.equal(team.title, 'Writers')
    assert.equal(team.members, 2)
    assert.equal(team.spaces, 0)
    assert.match(team.createdAt, /\.\d{3}Z$/)
    assert.deepEqual(team.permissions, { admin: true, view: true })
    assert.match(
      response.header('location')!,
      new RegExp(`^https?://[^/]+/v1/orgs/${roster.organizationId}/teams/${team.id}$`)
    )
    assert.deepEqual(await teamMembershipsOf(team.id), {
      [roster.read.user.id]: 'member',
      [roster.guest.user.id]: 'member',
    })
    const read = await callAs(client, roster.admin).get(
      `${teamsUrl(roster.organizationId)}/${team.id}`
    )
    read.assertContract()
    assert.deepEqual(read.body(), team)
  })

  test('{role}: {status}')
    .with(statusByRole({ create: 403, edit: 403, read: 403, guest: 403, outsider: 404 }))
    .run(async ({ client, assert }, { role, status }) => {
      const roster = await createRoster()
      const before = await countTeams()
      const response = await callAs(client, roster[role]).put(teamsUrl(roster.organizationId), {
        title: 'T',
      })
      assertAnswer(response, status)
      assert.equal(await countTeams(), before)
    })

  test('rejects {name} and creates nothing')
    .with([
      ...badTitleRows({ max: 64 }),
      { name: 'members as a string', body: { title: 'T', members: 'abc' }, field: 'members' },
      { name: 'a numeric member', body: { title: 'T', members: [5] }, field: 'members.0' },
      {
        name: 'an unknown member',
        body: { title: 'T', members: ['UNKNOWN' + 'x'.repeat(13)] },
        field: 'UNKNOWNxxxx',
      },
    ])
    .run(async ({ client, assert }, { body, field }) => {
      const roster = await createRoster()
      const before = await countTeams()
      const response = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
      assert.equal(await countTeams(), before)
    })

  test('refuses members of another organization and creates nothing').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const before = await countTeams()
      const response = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
        title: 'T',
        members: [roster.read.user.id, roster.outsider.user.id],
      })
      assertAnswer(response, 400)
      assert.include(response.body().error.message, roster.outsider.user.id)
      assert.notInclude(response.body().error.message, roster.read.user.id)
      assert.equal(await countTeams(), before)
    }
  )

  test('rejects malformed JSON', async ({ client }) => {
    const { admin, organizationId } = await createRoster()
    await sendMalformedJson(client, admin, 'put', teamsUrl(organizationId), '{"title": "x"')
  })
})

groupInTransaction('GET /v1/orgs/{id}/teams', () => {
  test('{role}: {status}')
    .with(
      statusByRole({ admin: 200, create: 200, edit: 200, read: 200, guest: 403, outsider: 404 })
    )
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamId } = await rosterWithTeam(client)
      const response = await callAs(client, roster[role]).get(teamsUrl(roster.organizationId))
      assertAnswer(response, status)
      if (status === 200) {
        assert.deepEqual(
          response.body().items.map((team: any) => team.id),
          [teamId]
        )
        const permissions = response.body().items[0].permissions
        assert.equal(permissions.admin, role === 'admin' || role === 'edit')
        assert.isTrue(permissions.view)
      }
      const org = await callAs(client, roster[role]).get(`/v1/orgs/${roster.organizationId}`)
      org.assertContract()
      if (status !== 404) assert.equal(org.body().permissions.listTeams, status === 200)
    })

  test(
    'filters by title ignoring case (non-ASCII too, accents kept), wildcards literal; pages with a cursor'
  ).run(async ({ client, assert }) => {
    const roster = await createRoster()
    const ids: string[] = []
    for (const title of [
      'Docs Writers',
      'API_reviewers',
      'Support 100%',
      'docs editors',
      'ÉQUIPE Ørsted',
    ]) {
      const response = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
        title,
      })
      ids.push(response.body().id)
    }
    const titles = async (title: string) => {
      const response = await callAs(client, roster.read).get(teamsUrl(roster.organizationId), {
        title,
      })
      assertAnswer(response, 200)
      return response.body().items.map((team: any) => team.title)
    }
    assert.deepEqual(await titles('DOCS'), ['Docs Writers', 'docs editors'])
    assert.deepEqual(await titles('_'), ['API_reviewers'])
    assert.deepEqual(await titles('%'), ['Support 100%'])
    assert.deepEqual(await titles('zzz'), [])
    assert.deepEqual(await titles('équipe ØRSTED'), ['ÉQUIPE Ørsted'])
    assert.deepEqual(await titles('equipe'), [])

    const pages = await readEveryPage(client, roster.read, teamsUrl(roster.organizationId), {
      limit: 3,
    })
    for (const body of pages) assert.equal(body.count, 5)
    const seen = pages.flatMap((body) => body.items.map((team: any) => team.id))
    assert.deepEqual(seen, ids)
  })

  test('owner keeps the teams that member can manage; ownTeam follows ownership').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const before = await callAs(client, roster.edit).get(`/v1/orgs/${roster.organizationId}`)
      before.assertContract()
      assert.isFalse(before.body().permissions.ownTeam)
      const owned = await ownedTeam(client, roster, 'Owned')
      const other = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
        title: 'Other',
      })
      other.assertContract()

      const list = async (owner: string) => {
        const response = await callAs(client, roster.read).get(teamsUrl(roster.organizationId), {
          owner,
        })
        assertAnswer(response, 200)
        return response.body().items.map((team: any) => team.id)
      }
      assert.deepEqual(await list(roster.edit.user.id), [owned])
      assert.deepEqual(await list(roster.admin.user.id), [owned, other.body().id])
      assert.deepEqual(await list(roster.guest.user.id), [])
      assert.deepEqual(await list(roster.outsider.user.id), [])
      assert.deepEqual(await list('nonsense'), [])

      const after = await callAs(client, roster.edit).get(`/v1/orgs/${roster.organizationId}`)
      after.assertContract()
      assert.isTrue(after.body().permissions.ownTeam)
      const listed = await callAs(client, roster.edit).get('/v1/orgs')
      listed.assertContract()
      assert.isTrue(listed.body().items[0].permissions.ownTeam)
      const guest = await callAs(client, roster.guest).get(`/v1/orgs/${roster.organizationId}`)
      guest.assertContract()
      assert.isFalse(guest.body().permissions.ownTeam)
    }
  )

  test('rejects bad queries', async ({ client }) => {
    const roster = await createRoster()
    for (const qs of [
      { limit: 1001 },
      { limit: 'ten' },
      { title: 'x'.repeat(257) },
      { page: '%%%' },
      'title=a&title=b',
    ]) {
      const response = await callAs(client, roster.admin).get(teamsUrl(roster.organizationId), qs)
      assertAnswer(response, 400)
    }
  })
})

groupInTransaction('GET, PATCH, DELETE /v1/orgs/{id}/teams/{teamId}', () => {
  test('a guest outside the team cannot read it (403)', async ({ client }) => {
    const roster = await createRoster()
    const team = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
      title: 'Closed',
    })
    team.assertContract()
    const response = await callAs(client, roster.guest).get(
      `${teamsUrl(roster.organizationId)}/${team.body().id}`
    )
    assertAnswer(response, 403)
    const members = await callAs(client, roster.guest).get(
      `${teamsUrl(roster.organizationId)}/${team.body().id}/members`
    )
    assertAnswer(members, 403)
  })

  test('{role} reads a team: {status}; permissions.admin for its owner and admins only')
    .with(teamReaders)
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamUrl } = await rosterWithTeam(client)
      const response = await callAs(client, roster[role]).get(teamUrl)
      assertAnswer(response, status)
      const admin = role === 'admin' || role === 'edit'
      if (status === 200) assert.deepEqual(response.body().permissions, { admin, view: true })
    })

  test("unknown ids and other organizations' teams are 404", async ({ client }) => {
    const roster = await createRoster()
    const foreign = await callAs(client, roster.outsider).put(
      teamsUrl(roster.outsider.organizationId),
      { title: 'Theirs' }
    )
    foreign.assertContract()
    for (const teamId of [newId(), 'bad id', foreign.body().id]) {
      for (const request of [
        client.get(`${teamsUrl(roster.organizationId)}/${teamId}`),
        client.patch(`${teamsUrl(roster.organizationId)}/${teamId}`).json({ title: 'Mine' }),
        client.delete(`${teamsUrl(roster.organizationId)}/${teamId}`),
        client.get(`${teamsUrl(roster.organizationId)}/${teamId}/members`),
      ]) {
        const response = await request.bearerToken(roster.admin.token)
        assertAnswer(response, 404)
      }
    }
  })

  test('{role} renames a team: {status}')
    .with(teamManagers(200))
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const response = await callAs(client, roster[role]).patch(teamUrl, { title: ' Editors ' })
      assertAnswer(response, status)
      const row = await db.from('teams').where('id', teamId).first()
      assert.equal(row.title, status === 200 ? 'Editors' : 'Writers')
      if (status === 200) assert.equal(response.body().title, 'Editors')
    })

  test('rejects a bad rename: {name}')
    .with([
      { name: 'missing title', body: {} },
      { name: 'empty title', body: { title: '' } },
      { name: 'long title', body: { title: 'y'.repeat(65) } },
      { name: 'null title', body: { title: null } },
      { name: 'array title', body: { title: ['a'] } },
    ])
    .run(async ({ client, assert }, { body }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const response = await callAs(client, roster.admin).patch(teamUrl, body)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'title')
      const stored = await db.from('teams').where('id', teamId).first()
      assert.equal(stored.title, 'Writers')
    })

  test('{role} deletes a team: {status} (edit owns it, guest is a plain member)')
    .with(teamManagers(204))
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      if (role !== 'outsider') {
        const team = await callAs(client, roster[role]).get(teamUrl)
        team.assertContract()
        if (team.status() === 200) assert.equal(team.body().permissions.admin, status === 204)
      }
      const response = await callAs(client, roster[role]).delete(teamUrl)
      assertAnswer(response, status)
      const left = await db.from('team_members').where('team_id', teamId).count('* as total')
      assert.equal(Number(left[0].total), status === 204 ? 0 : 2)
      if (status === 204) {
        const again = await callAs(client, roster.admin).get(teamUrl)
        again.assertContract()
        again.assertStatus(404)
        const member = await callAs(client, roster.admin).get(
          `/v1/orgs/${roster.organizationId}/members/${roster.edit.user.id}`
        )
        member.assertContract()
        assert.equal(member.body().teams, 0)
        const org = await callAs(client, roster.edit).get(`/v1/orgs/${roster.organizationId}`)
        org.assertContract()
        assert.isFalse(org.body().permissions.ownTeam)
      }
    })
})

groupInTransaction('Team members', () => {
  test("GET lists the team's members as listing items; {role}: {status}")
    .with(teamReaders)
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamUrl } = await rosterWithTeam(client)
      const response = await callAs(client, roster[role]).get(`${teamUrl}/members`)
      assertAnswer(response, status)
      if (status !== 200) return
      assert.equal(response.body().count, 2)
      const items = response.body().items
      assert.deepEqual(
        items.map((item: any) => [item.organization.id, item.team.role]),
        [
          [roster.edit.user.id, 'owner'],
          [roster.guest.user.id, 'member'],
        ]
      )
      assert.equal(items[0].organization.object, 'member')
      assert.equal(items[0].organization.teams, 1)
      // A guest sees their own listing item, not the others'.
      for (const item of items) {
        assert.equal(
          item.permissions.view,
          role !== 'guest' || item.organization.id === roster.guest.user.id
        )
      }
    })

  test('GET pages team members and refuses a limit above 1000', async ({ client, assert }) => {
    const roster = await createRoster()
    const team = await callAs(client, roster.admin).put(teamsUrl(roster.organizationId), {
      title: 'All',
      members: [roster.admin, roster.create, roster.edit, roster.read, roster.guest].map(
        (c) => c.user.id
      ),
    })
    team.assertContract()
    const url = `${teamsUrl(roster.organizationId)}/${team.body().id}/members`
    const pages = await readEveryPage(client, roster.read, url, { limit: 2 })
    const seen = pages.flatMap((body) => body.items.map((item: any) => item.organization.id))
    assert.lengthOf(new Set(seen), 5)
    const tooMany = await callAs(client, roster.read).get(url, { limit: 1001 })
    assertAnswer(tooMany, 400)
  })

  test('bulk PUT adds by id or e-mail, sets roles, and remove wins over add').run(
    async ({ client, assert }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const response = await callAs(client, roster.admin).put(`${teamUrl}/members`, {
        add: [roster.read.email.toUpperCase(), roster.create.user.id, roster.admin.user.id],
        remove: [roster.guest.user.id, roster.admin.email],
        memberships: {
          [roster.create.user.id]: { role: 'owner' },
          [roster.edit.email]: { role: 'member' },
        },
      })
      assertAnswer(response, 204)
      assert.deepEqual(await teamMembershipsOf(teamId), {
        [roster.edit.user.id]: 'member',
        [roster.read.user.id]: 'member',
        [roster.create.user.id]: 'owner',
      })
      const team = await callAs(client, roster.admin).get(teamUrl)
      team.assertContract()
      assert.equal(team.body().members, 3)
    }
  )

  test('bulk PUT names every unknown user in a 400 and applies nothing').run(
    async ({ client, assert }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const before = await teamMembershipsOf(teamId)
      const response = await callAs(client, roster.admin).put(`${teamUrl}/members`, {
        add: [roster.read.user.id, 'nobody@example.com'],
        remove: [roster.guest.user.id, roster.outsider.user.id],
      })
      assertAnswer(response, 400)
      assert.include(response.body().error.message, 'nobody@example.com')
      assert.include(response.body().error.message, roster.outsider.user.id)
      assert.deepEqual(await teamMembershipsOf(teamId), before)
    }
  )

  test('bulk PUT rejects {name}')
    .with([
      { name: 'add as a string', body: { add: 'x' } },
      { name: 'a numeric entry', body: { remove: [1] } },
      { name: 'an unknown team role', body: { memberships: { abc: { role: 'admin' } } } },
      { name: 'a membership without role', body: { memberships: { abc: {} } } },
      { name: 'an over-long identifier', body: { add: ['x'.repeat(255)] } },
    ])
    .run(async ({ client, assert }, { body }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const before = await teamMembershipsOf(teamId)
      const response = await callAs(client, roster.admin).put(`${teamUrl}/members`, body)
      assertAnswer(response, 400)
      assert.deepEqual(await teamMembershipsOf(teamId), before)
    })

  test('bulk PUT by {role}: {status}')
    .with(teamManagers(204))
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const response = await callAs(client, roster[role]).put(`${teamUrl}/members`, {
        add: [roster.read.user.id],
      })
      assertAnswer(response, status)
      assert.equal(roster.read.user.id in (await teamMembershipsOf(teamId)), status === 204)
    })

  test('PUT one member adds, promotes, and keeps the role when none is given').run(
    async ({ client, assert }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const url = `${teamUrl}/members/${roster.read.user.id}`
      const added = await callAs(client, roster.edit).put(url, {})
      assertAnswer(added, 204)
      const teamMemberships = await teamMembershipsOf(teamId)
      assert.equal(teamMemberships[roster.read.user.id], 'member')
      const promoted = await callAs(client, roster.edit).put(url, { role: 'owner' })
      promoted.assertContract()
      promoted.assertStatus(204)
      const afterPromotion = await teamMembershipsOf(teamId)
      assert.equal(afterPromotion[roster.read.user.id], 'owner')
      const again = await callAs(client, roster.edit).put(url)
      again.assertContract()
      again.assertStatus(204)
      const afterAgain = await teamMembershipsOf(teamId)
      assert.equal(afterAgain[roster.read.user.id], 'owner')

      const invalid = await callAs(client, roster.admin).put(url, { role: 'admin' })
      assertAnswer(invalid, 400)
      for (const userId of [roster.outsider.user.id, newId()]) {
        const stranger = await callAs(client, roster.admin).put(`${teamUrl}/members/${userId}`, {})
        assertAnswer(stranger, 404)
      }
    }
  )

  test('PUT and DELETE one member by {role}: {status}')
    .with(teamManagers(204))
    .run(async ({ client, assert }, { role, status }) => {
      const { roster, teamId, teamUrl } = await rosterWithTeam(client)
      const url = `${teamUrl}/members/${roster.create.user.id}`
      const put = await callAs(client, roster[role]).put(url, { role: 'member' })
      assertAnswer(put, status)
      assert.equal(roster.create.user.id in (await teamMembershipsOf(teamId)), status === 204)
      const removeGuest = await callAs(client, roster[role]).delete(
        `${teamUrl}/members/${roster.guest.user.id}`
      )
      assertAnswer(removeGuest, status)
      assert.equal(roster.guest.user.id in (await teamMembershipsOf(teamId)), status !== 204)
    })

  test('DELETE one member: not in the team is 204, not a member of the organization is 404').run(
    async ({ client }) => {
      const { roster, teamUrl } = await rosterWithTeam(client)
      const absent = await callAs(client, roster.admin).delete(
        `${teamUrl}/members/${roster.read.user.id}`
      )
      assertAnswer(absent, 204)
      const stranger = await callAs(client, roster.admin).delete(
        `${teamUrl}/members/${roster.outsider.user.id}`
      )
      assertAnswer(stranger, 404)
    }
  )

  test('a team of another organization cannot be reached through this one').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const theirs = await callAs(client, roster.outsider).put(
        teamsUrl(roster.outsider.organizationId),
        { title: 'Theirs' }
      )
      theirs.assertContract()
      const mate = await createCaller({
        organizationId: roster.outsider.organizationId,
        role: 'read',
      })
      for (const request of [
        client
          .put(`${teamsUrl(roster.organizationId)}/${theirs.body().id}/members`)
          .json({ add: [roster.read.user.id] }),
        client
          .put(`${teamsUrl(roster.organizationId)}/${theirs.body().id}/members/${mate.user.id}`)
          .json({}),
        client.delete(
          `${teamsUrl(roster.organizationId)}/${theirs.body().id}/members/${mate.user.id}`
        ),
      ]) {
        const response = await request.bearerToken(roster.admin.token)
        assertAnswer(response, 404)
      }
      assert.deepEqual(await teamMembershipsOf(theirs.body().id), {})
    }
  )
})

groupInTransaction('Team and member counts', () => {
  test('Team.members, Team.spaces, Member.teams and Member.spaces follow every change').run(
    async ({ client, assert }) => {
      const roster = await createRoster()
      const { organizationId, admin, guest } = roster
      const space = await callAs(client, admin).post(`/v1/orgs/${organizationId}/spaces`, {
        title: 'Handbook',
      })
      space.assertContract()
      space.assertStatus(201)
      const created = await callAs(client, admin).put(teamsUrl(organizationId), {
        title: 'Readers',
      })
      created.assertContract()
      created.assertStatus(201)
      const teamId = created.body().id
      const granted = await callAs(client, admin).post(
        `/v1/spaces/${space.body().id}/permissions`,
        {
          role: 'read',
          teams: [teamId],
        }
      )
      granted.assertContract()
      granted.assertStatus(204)

      const counts = async () => {
        const team = await callAs(client, admin).get(`${teamsUrl(organizationId)}/${teamId}`)
        team.assertContract()
        const member = await callAs(client, admin).get(
          `/v1/orgs/${organizationId}/members/${guest.user.id}`
        )
        member.assertContract()
        for (const response of [team, member]) response.assertContract()
        return {
          team: team.status() === 200 ? [team.body().members, team.body().spaces] : null,
          member: member.status() === 200 ? [member.body().teams, member.body().spaces] : null,
        }
      }
      // The guest sees the space only through the team.
      assert.deepEqual(await counts(), { team: [0, 1], member: [0, 0] })

      const add = await callAs(client, admin).put(`${teamsUrl(organizationId)}/${teamId}/members`, {
        add: [guest.email],
      })
      add.assertContract()
      add.assertStatus(204)
      assert.deepEqual(await counts(), { team: [1, 1], member: [1, 1] })

      const remove = await callAs(client, admin).delete(
        `${teamsUrl(organizationId)}/${teamId}/members/${guest.user.id}`
      )
      remove.assertContract()
      remove.assertStatus(204)
      assert.deepEqual(await counts(), { team: [0, 1], member: [0, 0] })

      const one = await callAs(client, admin).put(
        `${teamsUrl(organizationId)}/${teamId}/members/${guest.user.id}`,
        {}
      )
      one.assertContract()
      one.assertStatus(204)
      assert.deepEqual(await counts(), { team: [1, 1], member: [1, 1] })

      const deleted = await callAs(client, admin).delete(`${teamsUrl(organizationId)}/${teamId}`)
      deleted.assertContract()
      deleted.assertStatus(204)
      assert.deepEqual(await counts(), { team: null, member: [0, 0] })

      // Removing a member from the organization takes them out of its teams: the team count drops.
      const again = await callAs(client, admin).put(teamsUrl(organizationId), {
        title: 'Again',
        members: [guest.user.id],
      })
      again.assertContract()
      assert.equal(again.body().members, 1)
      const gone = await callAs(client, admin).delete(
        `/v1/orgs/${organizationId}/members/${guest.user.id}`
      )
      gone.assertContract()
      gone.assertStatus(204)
      const after = await callAs(client, admin).get(
        `${teamsUrl(organizationId)}/${again.body().id}`
      )
      after.assertContract()
      assert.equal(after.body().members, 0)
    }
  )
})

test.group('Team members under concurrency', () => {
  // No global transaction here: the requests must run in real transactions at once.
  testInCommittedOrganization(
    'adding the same member twice at once adds them once, without an error',
    async ({ client, assert }, admin) => {
      const member = await createCaller({ organizationId: admin.organizationId, role: 'read' })
      const team = await callAs(client, admin).put(teamsUrl(admin.organizationId), {
        title: 'Busy',
      })
      assertAnswer(team, 201)
      const url = `${teamsUrl(admin.organizationId)}/${team.body().id}/members`
      const responses = await Promise.all([
        callAs(client, admin).put(`${url}/${member.user.id}`, { role: 'owner' }),
        callAs(client, admin).put(url, { add: [member.email] }),
        callAs(client, admin).put(`${url}/${member.user.id}`, {}),
        callAs(client, admin).put(url, { add: [member.user.id] }),
      ])
      for (const response of responses) {
        assertAnswer(response, 204)
      }
      const rows = await db.from('team_members').where('team_id', team.body().id)
      assert.lengthOf(rows, 1)
      assert.equal(rows[0].role, 'owner')
    }
  )
})
