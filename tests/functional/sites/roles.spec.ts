import { test } from '@japa/runner'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer, assertTokenGuards } from '#tests/helpers/guards'
import { adminAnd, byRole, type CallerRole } from '#tests/helpers/roles'
import { createSite, okBody, sitesOf } from '#tests/helpers/sites'
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

type Method = Operation['method']

/** An admin-only operation: what the admin gets, the scope, the body. */
const admins = (method: Method, path: string, status: number, scope: Scope, body?: object) => ({
  method,
  path,
  status,
  scope,
  body,
})

/** A read every member with a role may do. */
const reads = (path: string, scope: Scope = 'site:read'): Operation => ({
  method: 'get',
  path,
  status: 200,
  scope,
  members: true,
})

const SCHEMA = { jsonSchema: { type: 'object', properties: {}, additionalProperties: false } }
const W = 'site:write'

/**
 * Every sites operation on one site, in an order the admin can run them all: `{site}`, `{section}`,
 * `{group}`, `{siteSpace}`, `{link}`, `{space}` are filled in from the fixture.
 */
const OPERATIONS: Operation[] = [
  ...['', '/{site}', '/{site}/structure', '/{site}/published', '/{site}/sections'].map((p) =>
    reads(p)
  ),
  ...['/{site}/section-groups', '/{site}/site-spaces', '/{site}/adaptive-schema'].map((p) =>
    reads(p)
  ),
  reads('/{site}/adaptive-schema/template-conditions'),
  admins('get', '/{site}/share-links', 200, 'site:read'),
  admins('get', '/{site}/publishing/auth', 200, 'site:auth:read'),
  admins('post', '', 201, W, { title: 'Another' }),
  admins('patch', '/{site}', 200, W, { title: 'Renamed' }),
  admins('post', '/{site}/publish', 200, 'site:publish'),
  admins('post', '/{site}/unpublish', 200, 'site:publish'),
  admins('put', '/{site}/adaptive-schema', 200, W, SCHEMA),
  admins('patch', '/{site}/publishing/auth', 200, 'site:auth:write', { backend: 'custom' }),
  admins('post', '/{site}/publishing/auth/regenerate', 200, 'site:auth:write'),
  admins('post', '/{site}/sections', 201, W, { spaceId: '{space}' }),
  admins('patch', '/{site}/sections/{section}', 200, W, { title: 'Renamed' }),
  admins('post', '/{site}/sections/{section}/move', 200, W),
  admins('post', '/{site}/section-groups', 201, W, { title: 'More' }),
  admins('patch', '/{site}/section-groups/{group}', 200, W, { title: 'Renamed' }),
  admins('post', '/{site}/section-groups/{group}/sections', 201, W, { sectionId: '{section}' }),
  admins('delete', '/{site}/section-groups/{group}/sections/{section}', 205, W),
  admins('post', '/{site}/section-groups/{group}/move', 200, W),
  admins('post', '/{site}/site-spaces', 201, W, { spaceId: '{space}' }),
  admins('patch', '/{site}/site-spaces/{siteSpace}', 200, W, { hidden: true }),
  admins('post', '/{site}/site-spaces/{siteSpace}/move', 200, W),
  admins('patch', '/{site}/structure/sort', 200, W, {
    item: { type: 'site-section', id: '{section}' },
  }),
  admins('post', '/{site}/share-links', 201, W, { name: 'New' }),
  admins('patch', '/{site}/share-links/{link}', 200, W, { active: false }),
  admins('delete', '/{site}/share-links/{link}', 205, W),
  admins('delete', '/{site}/section-groups/{group}', 205, W),
  admins('delete', '/{site}/site-spaces/{siteSpace}', 205, W),
  admins('delete', '/{site}/sections/{section}', 205, W),
  admins('delete', '/{site}', 205, W),
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
