import type { ApiClient } from '@japa/api-client'
import { test } from '@japa/runner'
import type { TestContext } from '@japa/runner/core'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { byRole, type CallerRole } from '#tests/helpers/roles'
import type { Guarded } from '#tests/helpers/guards'
import User from '#accounts/models/user'
import type { Scope } from '#core/scopes'

type Query = Record<string, unknown> | string
type Body = object | string | number | null

/**
 * Requests sent with one caller's token: `await callAs(client, roster.admin).put(url, body)`.
 * Each method returns the response unchecked (the test checks it, e.g. with `assertAnswer`); a
 * body or query string is sent only when given.
 */
export function callAs(client: ApiClient, caller: { token: string }) {
  const send = (method: 'post' | 'put' | 'patch' | 'delete', url: string, json?: Body) => {
    const request = client[method](url).bearerToken(caller.token)
    return json === undefined ? request : request.json(json as any)
  }
  return {
    get: (url: string, qs?: Query) => {
      const request = client.get(url).bearerToken(caller.token)
      return qs === undefined ? request : request.qs(qs as any)
    },
    post: (url: string, json?: Body) => send('post', url, json),
    put: (url: string, json?: Body) => send('put', url, json),
    patch: (url: string, json?: Body) => send('patch', url, json),
    delete: (url: string, json?: Body) => send('delete', url, json),
  }
}

/**
 * A test group whose tests each run in a transaction rolled back after them.
 */
export function groupInTransaction(title: string, tests: () => void) {
  test.group(title, (group) => {
    eachTestInTransaction(group)
    tests()
  })
}

/**
 * A test given the admin of a new organization that is committed, not rolled back (requests that
 * race each other need real transactions); the organization is deleted afterwards.
 */
export function testInCommittedOrganization(
  title: string,
  body: (context: TestContext, admin: Caller) => Promise<void>
) {
  return test(title, async (context) => {
    const admin = await createCaller()
    try {
      await body(context, admin)
    } finally {
      await db.from('organizations').where('id', admin.organizationId).delete()
    }
  })
}

/**
 * Sends `text` as it is, a broken JSON document, as the body of `method url` and checks the 400
 * answer (status and contract); returns the response for further checks.
 */
export async function sendMalformedJson(
  client: ApiClient,
  caller: { token: string },
  method: 'post' | 'put' | 'patch',
  url: string,
  text: string
) {
  const response = await client[method](url)
    .bearerToken(caller.token)
    .header('Content-Type', 'application/json')
    .json(text as any)
  assertAnswer(response, 400)
  return response
}

/**
 * The rows of a "rejects {name}" table for a required title of at most `max` characters (and at
 * least `min`, when given): missing, too short or empty, blank, too long, a number, null. Each
 * row's `field` is `title`; `missing` is the body sent without a title.
 */
export function badTitleRows(options: { max: number; min?: number; missing?: object }) {
  const { max, min } = options
  const short = min ? { name: `a ${min - 1}-character title`, title: 'x'.repeat(min - 1) } : null
  return [
    { name: 'a missing title', body: options.missing ?? {} },
    { name: short?.name ?? 'an empty title', body: { title: short?.title ?? '' } },
    { name: 'a blank title', body: { title: '     ' } },
    { name: `a ${max + 1}-character title`, body: { title: 'x'.repeat(max + 1) } },
    { name: 'a numeric title', body: { title: 12345 } },
    { name: 'a null title', body: { title: null } },
  ].map((row) => ({ ...row, field: 'title' }))
}

/**
 * `byRole` written one column a line, each column a role → value map (a line per operation reads
 * like `statusByRole`): `columnsByRole({ status: { admin: 200, guest: 403 }, self: { ... } })`
 * gives the rows `{ role: 'admin', status: 200, self: ... }`, in CALLER_ROLES order.
 */
export function columnsByRole<K extends CallerRole, C extends string, V>(
  columns: Record<C, Record<K, V>>
): Array<{ role: K } & Record<C, V>> {
  const table: Partial<Record<K, Record<C, V>>> = {}
  for (const [column, values] of Object.entries(columns) as Array<[C, Record<K, V>]>) {
    for (const [role, value] of Object.entries(values) as Array<[K, V]>) {
      table[role] = { ...table[role], [column]: value } as Record<C, V>
    }
  }
  return byRole(table as Record<K, Record<C, V>>)
}

/**
 * An API token of `user` with only these scopes (to check that an operation needs another one).
 */
export async function tokenWithScopes(user: User, scopes: Scope[]) {
  const token = await User.accessTokens.create(user, scopes)
  return token.value!.release()
}

/**
 * The token-guard operations of an organization's collection of records at `list` (GET list, POST
 * `created`, and GET, `change` and DELETE of the record `id`): reads need `organization:read`,
 * writes `organization:write`.
 */
export function recordOperations(
  client: ApiClient,
  list: string,
  id: string,
  bodies: { created: object; change: ['put' | 'patch', object] }
): Guarded[] {
  const [method, changed] = bodies.change
  const read = 'organization:read'
  const write = 'organization:write'
  return [
    { send: () => client.get(list), scope: read },
    { send: () => client.post(list).json(bodies.created), scope: write },
    { send: () => client.get(`${list}/${id}`), scope: read },
    { send: () => client[method](`${list}/${id}`).json(changed), scope: write },
    { send: () => client.delete(`${list}/${id}`), scope: write },
  ]
}

/**
 * Follows a list's `next` cursor from the first page of `url` with `qs`, checking each answer (200
 * and contract); returns the body of every page in order.
 */
export async function readEveryPage(
  client: ApiClient,
  caller: { token: string },
  url: string,
  qs: Record<string, unknown>
) {
  const pages: any[] = []
  let page: string | undefined
  do {
    const response = await callAs(client, caller).get(url, { ...qs, ...(page ? { page } : {}) })
    assertAnswer(response, 200)
    pages.push(response.body())
    page = response.body().next?.page
  } while (page)
  return pages
}

/**
 * POSTs each body to `url` in turn, checking each answer (201 and contract), and returns the
 * created records' ids in order.
 */
export async function createEach(
  client: ApiClient,
  caller: { token: string },
  url: string,
  bodies: object[]
) {
  const ids: string[] = []
  for (const body of bodies) {
    const created = await callAs(client, caller).post(url, body)
    assertAnswer(created, 201)
    ids.push(created.body().id)
  }
  return ids
}
