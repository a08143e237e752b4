import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { createCaller, type Caller } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'

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
 * Runs `body` with the admin of a new organization that is committed, not rolled back (requests
 * that race each other need real transactions), and deletes the organization afterwards.
 */
export async function inCommittedOrganization(body: (admin: Caller) => Promise<void>) {
  const admin = await createCaller()
  try {
    await body(admin)
  } finally {
    await db.from('organizations').where('id', admin.organizationId).delete()
  }
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
