import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import db from '@adonisjs/lucid/services/db'
import { assertTokenGuards, assertAnswer } from '#tests/helpers/guards'
import { createRoster, type Roster } from './roster.js'

type Route = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: (ids: Ids) => string
  scope: 'organization:members:read' | 'organization:members:write'
  body?: (ids: Ids) => Record<string, unknown>
}
type Ids = Roster & { teamId: string; linkId: string }

type Path = (ids: Ids) => string
type Body = (ids: Ids) => Record<string, unknown>

/** An operation that reads: `path` is below the organization's URL. */
function reads(path: Path): Route {
  return { method: 'get', path: (i) => `/v1/orgs/${i.organizationId}${path(i)}`, scope: READ }
}

/** An operation that writes, with its JSON body when it has one. */
function writes(method: Route['method'], path: Path, body?: Body): Route {
  const route: Route = {
    method,
    path: (i) => `/v1/orgs/${i.organizationId}${path(i)}`,
    scope: WRITE,
  }
  return body ? { ...route, body } : route
}

const READ = 'organization:members:read'
const WRITE = 'organization:members:write'

/**
 * Every member, invite and team operation: its path and the OAuth scope it needs.
 */
const ROUTES: Route[] = [
  reads(() => '/members'),
  reads((i) => `/members/${i.read.user.id}`),
  writes(
    'patch',
    (i) => `/members/${i.read.user.id}`,
    () => ({ role: 'admin' })
  ),
  writes('delete', (i) => `/members/${i.read.user.id}`),
  writes('post', (i) => `/members/${i.read.user.id}/sso`),
  reads((i) => `/members/${i.read.user.id}/teams`),
  writes(
    'post',
    () => '/invites',
    () => ({ emails: ['new@example.com'] })
  ),
  writes('post', (i) => `/invites/${i.linkId}`),
  writes('post', () => '/join'),
  reads(() => '/link-invites'),
  writes(
    'post',
    () => '/link-invites',
    () => ({ role: 'read' })
  ),
  reads((i) => `/link-invites/${i.linkId}`),
  writes(
    'patch',
    (i) => `/link-invites/${i.linkId}`,
    () => ({ role: 'admin' })
  ),
  writes('delete', (i) => `/link-invites/${i.linkId}`),
  reads(() => '/teams'),
  writes(
    'put',
    () => '/teams',
    () => ({ title: 'New' })
  ),
  reads((i) => `/teams/${i.teamId}`),
  writes(
    'patch',
    (i) => `/teams/${i.teamId}`,
    () => ({ title: 'Renamed' })
  ),
  writes('delete', (i) => `/teams/${i.teamId}`),
  reads((i) => `/teams/${i.teamId}/members`),
  writes(
    'put',
    (i) => `/teams/${i.teamId}/members`,
    (i) => ({ add: [i.read.user.id] })
  ),
  writes(
    'put',
    (i) => `/teams/${i.teamId}/members/${i.read.user.id}`,
    () => ({ role: 'owner' })
  ),
  writes('delete', (i) => `/teams/${i.teamId}/members/${i.edit.user.id}`),
]

/**
 * Everything the member, invite and team operations write, to prove a refused request wrote nothing.
 */
async function snapshot(organizationId: string) {
  const [members, teams, teamMembers, invites, links] = await Promise.all([
    db
      .from('organization_members')
      .where('organization_id', organizationId)
      .orderBy('user_id')
      .select('user_id', 'role', 'sso', 'disabled'),
    db.from('teams').where('organization_id', organizationId).orderBy('id').select('id', 'title'),
    db.from('team_members').orderBy('id').select('team_id', 'user_id', 'role'),
    db.from('organization_invites').where('organization_id', organizationId).select('email'),
    db
      .from('organization_invite_links')
      .where('organization_id', organizationId)
      .orderBy('id')
      .select('id', 'role'),
  ])
  return { members, teams, teamMembers, invites, links }
}

async function setUp(client: any): Promise<Ids> {
  const roster = await createRoster()
  const team = await callAs(client, roster.admin).put(`/v1/orgs/${roster.organizationId}/teams`, {
    title: 'Guarded',
    members: [roster.edit.user.id],
  })
  team.assertContract()
  team.assertStatus(201)
  const link = await callAs(client, roster.admin).post(
    `/v1/orgs/${roster.organizationId}/link-invites`,
    { role: 'read' }
  )
  link.assertContract()
  link.assertStatus(201)
  return { ...roster, teamId: team.body().id, linkId: link.body().id }
}

/**
 * The route's path with placeholders, to name the test.
 */
function nameOf(route: Route) {
  const ids = {
    organizationId: 'O',
    teamId: 'T',
    linkId: 'L',
    read: { user: { id: 'U' } },
    edit: { user: { id: 'U' } },
  }
  return route.path(ids as unknown as Ids).replace('/v1/orgs/O', 'O')
}

function send(client: any, route: Route, ids: Ids) {
  const request = client[route.method](route.path(ids))
  return route.body ? request.json(route.body(ids)) : request
}

groupInTransaction('Members, invites and teams: tokens and scopes', () => {
  test(
    '{method} {name}: no token and a wrong token are 401, a token with every scope but {scope} is 403; nothing changes'
  )
    .with(ROUTES.map((route) => ({ ...route, name: nameOf(route) })))
    .run(async ({ client, assert }, route) => {
      const ids = await setUp(client)
      const before = await snapshot(ids.organizationId)
      await assertTokenGuards(ids.admin.user, [
        { send: () => send(client, route, ids), scope: route.scope },
      ])
      assert.deepEqual(await snapshot(ids.organizationId), before)
    })

  test('{method} {name} with a malformed JSON body is 400 and changes nothing')
    .with(ROUTES.filter((route) => route.body).map((route) => ({ ...route, name: nameOf(route) })))
    .run(async ({ client, assert }, route) => {
      const ids = await setUp(client)
      const before = await snapshot(ids.organizationId)
      const body = JSON.stringify(route.body!(ids))
      const response = await client[route.method](route.path(ids))
        .bearerToken(ids.admin.token)
        .header('Content-Type', 'application/json')
        .json(body.slice(0, -1))
      assertAnswer(response, 400)
      assert.deepEqual(await snapshot(ids.organizationId), before)
    })

  test('GET {name} refuses limit 0, 1001, 2.5 and a forged cursor; 1000 and 1 pass')
    .with(
      ROUTES.filter(
        (route) => route.method === 'get' && /(members|teams|link-invites)$/.test(nameOf(route))
      ).map((route) => ({ ...route, name: nameOf(route) }))
    )
    .run(async ({ client, assert }, route) => {
      const ids = await setUp(client)
      for (const qs of [{ limit: 0 }, { limit: 1001 }, { limit: 2.5 }, { page: 'forged' }]) {
        const response = await callAs(client, ids.admin).get(route.path(ids), qs)
        assertAnswer(response, 400)
        assert.include(response.body().error.message, Object.keys(qs)[0])
      }
      for (const limit of [1, 1000]) {
        const response = await callAs(client, ids.admin).get(route.path(ids), { limit })
        assertAnswer(response, 200)
        assert.isAtMost(response.body().items.length, limit)
      }
    })
})
