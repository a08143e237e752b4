import { test } from '@japa/runner'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer, assertTokenGuards } from '#tests/helpers/guards'
import { adminAnd, byRole, type CallerRole } from '#tests/helpers/roles'
import { createSite, okBody, sitesOf } from '#tests/functional/sites/helpers'
import type { Scope } from '#core/scopes'

type Operation = {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete'
  path: string
  body?: object
  /** What the admin gets. */
  status: number
  scope: Scope
  /** Every member with a role may do it (reads); otherwise admins only. */
  members?: boolean
}

/**
 * Every sites operation on one site, in an order the admin can run them all: `{site}`, `{section}`,
 * `{group}`, `{siteSpace}`, `{link}`, `{space}` are filled in from the fixture.
 */
const OPERATIONS: Operation[] = [
  { method: 'get', path: '', status: 200, scope: 'site:read', members: true },
  { method: 'get', path: '/{site}', status: 200, scope: 'site:read', members: true },
  { method: 'get', path: '/{site}/structure', status: 200, scope: 'site:read', members: true },
  { method: 'get', path: '/{site}/published', status: 200, scope: 'site:read', members: true },
  { method: 'get', path: '/{site}/sections', status: 200, scope: 'site:read', members: true },
  { method: 'get', path: '/{site}/section-groups', status: 200, scope: 'site:read', members: true },
  { method: 'get', path: '/{site}/site-spaces', status: 200, scope: 'site:read', members: true },
  {
    method: 'get',
    path: '/{site}/adaptive-schema',
    status: 200,
    scope: 'site:read',
    members: true,
  },
  {
    method: 'get',
    path: '/{site}/adaptive-schema/template-conditions',
    status: 200,
    scope: 'site:read',
    members: true,
  },
  { method: 'get', path: '/{site}/share-links', status: 200, scope: 'site:read' },
  { method: 'get', path: '/{site}/publishing/auth', status: 200, scope: 'site:auth:read' },
  { method: 'post', path: '', body: { title: 'Another' }, status: 201, scope: 'site:write' },
  {
    method: 'patch',
    path: '/{site}',
    body: { title: 'Renamed' },
    status: 200,
    scope: 'site:write',
  },
  { method: 'post', path: '/{site}/publish', status: 200, scope: 'site:publish' },
  { method: 'post', path: '/{site}/unpublish', status: 200, scope: 'site:publish' },
  {
    method: 'put',
    path: '/{site}/adaptive-schema',
    body: { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } },
    status: 200,
    scope: 'site:write',
  },
  {
    method: 'patch',
    path: '/{site}/publishing/auth',
    body: { backend: 'custom' },
    status: 200,
    scope: 'site:auth:write',
  },
  {
    method: 'post',
    path: '/{site}/publishing/auth/regenerate',
    status: 200,
    scope: 'site:auth:write',
  },
  {
    method: 'post',
    path: '/{site}/sections',
    body: { spaceId: '{space}' },
    status: 201,
    scope: 'site:write',
  },
  {
    method: 'patch',
    path: '/{site}/sections/{section}',
    body: { title: 'Renamed' },
    status: 200,
    scope: 'site:write',
  },
  { method: 'post', path: '/{site}/sections/{section}/move', status: 200, scope: 'site:write' },
  {
    method: 'post',
    path: '/{site}/section-groups',
    body: { title: 'More' },
    status: 201,
    scope: 'site:write',
  },
  {
    method: 'patch',
    path: '/{site}/section-groups/{group}',
    body: { title: 'Renamed' },
    status: 200,
    scope: 'site:write',
  },
  {
    method: 'post',
    path: '/{site}/section-groups/{group}/sections',
    body: { sectionId: '{section}' },
    status: 201,
    scope: 'site:write',
  },
  {
    method: 'delete',
    path: '/{site}/section-groups/{group}/sections/{section}',
    status: 205,
    scope: 'site:write',
  },
  { method: 'post', path: '/{site}/section-groups/{group}/move', status: 200, scope: 'site:write' },
  {
    method: 'post',
    path: '/{site}/site-spaces',
    body: { spaceId: '{space}' },
    status: 201,
    scope: 'site:write',
  },
  {
    method: 'patch',
    path: '/{site}/site-spaces/{siteSpace}',
    body: { hidden: true },
    status: 200,
    scope: 'site:write',
  },
  {
    method: 'post',
    path: '/{site}/site-spaces/{siteSpace}/move',
    status: 200,
    scope: 'site:write',
  },
  {
    method: 'patch',
    path: '/{site}/structure/sort',
    body: { item: { type: 'site-section', id: '{section}' } },
    status: 200,
    scope: 'site:write',
  },
  {
    method: 'post',
    path: '/{site}/share-links',
    body: { name: 'New' },
    status: 201,
    scope: 'site:write',
  },
  {
    method: 'patch',
    path: '/{site}/share-links/{link}',
    body: { active: false },
    status: 200,
    scope: 'site:write',
  },
  { method: 'delete', path: '/{site}/share-links/{link}', status: 205, scope: 'site:write' },
  { method: 'delete', path: '/{site}/section-groups/{group}', status: 205, scope: 'site:write' },
  { method: 'delete', path: '/{site}/site-spaces/{siteSpace}', status: 205, scope: 'site:write' },
  { method: 'delete', path: '/{site}/sections/{section}', status: 205, scope: 'site:write' },
  { method: 'delete', path: '/{site}', status: 205, scope: 'site:write' },
]

/**
 * A site with a section (holding a second site space), a group and a share link, and the request
 * of each operation with its placeholders filled in.
 */
async function fixture(client: any, admin: Parameters<typeof sitesOf>[1]) {
  const { sites, siteId, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
  const section = okBody(
    await sites.post(`/${siteId}/sections`, { spaceId: spaceIds[1], title: 'API' })
  )
  const group = okBody(await sites.post(`/${siteId}/section-groups`, { title: 'Group' }))
  const link = okBody(await sites.post(`/${siteId}/share-links`, { name: 'Link' }))
  const ids: Record<string, string> = {
    site: siteId,
    section: section.id,
    siteSpace: section.siteSpaces[0].id,
    group: group.id,
    link: link.id,
    space: spaceIds[0],
  }
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => ids[name])
  // The request of an operation, without a token.
  return (operation: Operation) => {
    const url = `/v1/orgs/${admin.organizationId}/sites${fill(operation.path)}`
    const request = client[operation.method](url)
    const body = operation.body && JSON.parse(fill(JSON.stringify(operation.body)))
    return body ? request.json(body) : request
  }
}

/** What a caller of each role gets from an operation the admin gets `status` from. */
function expectedStatus(role: CallerRole, operation: Operation) {
  if (role === 'outsider') return 404
  if (role === 'admin') return operation.status
  if (role === 'guest') return 403
  return operation.members ? operation.status : 403
}

test.group('Sites: who may do what', (group) => {
  eachTestInTransaction(group)

  test('{role}: every sites operation')
    .with(byRole({ admin: {}, create: {}, edit: {}, read: {}, guest: {}, outsider: {} }))
    .run(async ({ client, assert }, { role }) => {
      const { admin, caller } = await adminAnd(role)
      const send = await fixture(client, admin)
      for (const operation of OPERATIONS) {
        const response = await send(operation).bearerToken(caller.token)
        const expected = expectedStatus(role, operation)
        assert.equal(response.status(), expected, `${operation.method} ${operation.path}`)
        assertAnswer(response, expected)
      }
      // Only the admin changed anything: they deleted the fixture's site and created another.
      const left = okBody(await sitesOf(client, admin).get('')).items
      assert.deepEqual(
        left.map((site: any) => site.title),
        [role === 'admin' ? 'Another' : 'Docs']
      )
    })

  test('permissions say what each role may do with a site')
    .with(
      byRole({
        admin: { view: true, admin: true },
        create: { view: true, admin: false },
        read: { view: true, admin: false },
      })
    )
    .run(async ({ client, assert }, { role, view, admin: isAdmin }) => {
      const { admin, caller } = await adminAnd(role)
      const { siteId } = await createSite(client, admin)
      const site = okBody(await sitesOf(client, caller).get(`/${siteId}`))
      assert.containsSubset(site.permissions, {
        view,
        access: view,
        viewAdaptiveSchema: view,
        admin: isAdmin,
        edit: isAdmin,
        create: isAdmin,
        editAdaptiveSchema: isAdmin,
      })
    })

  test('no token, a wrong token, or a token without the scope: 401, 401, 403', async ({
    client,
    assert,
  }) => {
    const { admin } = await adminAnd('admin')
    const send = await fixture(client, admin)
    await assertTokenGuards(
      admin.user,
      OPERATIONS.map((operation) => ({ scope: operation.scope, send: () => send(operation) }))
    )
    const left = okBody(await sitesOf(client, admin).get('')).items
    assert.deepEqual(
      left.map((site: any) => site.title),
      ['Docs']
    )
  })
})
