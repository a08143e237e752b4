import type { ApiResponse } from '@japa/api-client'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { callAs, tokenWithScopes } from '#tests/helpers/fixtures_organizations'

/** The response of `request`, once it has answered `status`. */
async function expectStatus(request: PromiseLike<ApiResponse>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

const TOKEN_KEYS = [
  'object',
  'id',
  'name',
  'scopes',
  'createdAt',
  'lastUsedAt',
  'expiresAt',
  'expired',
  'urls',
]

async function auditActionsOf(organizationId: string) {
  const rows = await db
    .from('audit_events')
    .where('organization_id', organizationId)
    .whereIn('action', ['token.created', 'token.revoked'])
    .orderBy('occurred_at')
    .select('action', 'target_label', 'actor_id')
  return rows.map((row) => `${row.action} ${row.target_label}`)
}

/**
 * /v1/user/tokens: the caller's own API tokens (GitBook's document has none: shape checked here),
 * the same ones the console's tokens page manages.
 */
test.group('/v1/user/tokens', (group) => {
  eachTestInTransaction(group)

  test('create (secret shown once), list with last use, revoke', async ({ client, assert }) => {
    const caller = await createCaller()
    const created = await callAs(client, caller).post('/v1/user/tokens', {
      name: 'Deploy',
      scopes: ['user:read', 'space:read'],
      expiresInDays: 30,
    })
    created.assertStatus(201)
    const body = created.body()
    assert.sameMembers(Object.keys(body), [...TOKEN_KEYS, 'token'])
    assert.equal(body.object, 'api-token')
    assert.match(body.token, /^gb_api_/)
    assert.deepEqual(body.scopes, ['user:read', 'space:read'])
    assert.isNull(body.lastUsedAt)
    assert.isFalse(body.expired)
    assert.closeTo((Date.parse(body.expiresAt) - Date.now()) / 86_400_000, 30, 0.01)
    assert.equal(created.header('location'), body.urls.location)

    // The new token works within its scopes, and its use is recorded.
    await expectStatus(client.get('/v1/user').bearerToken(body.token), 200)
    await expectStatus(client.get('/v1/orgs').bearerToken(body.token), 403)

    const list = await callAs(client, caller).get('/v1/user/tokens')
    list.assertStatus(200)
    assert.equal(list.body().count, 2)
    const listed = list.body().items.find((item: any) => item.id === body.id)
    assert.sameMembers(Object.keys(listed), TOKEN_KEYS)
    assert.isString(listed.lastUsedAt)
    // Never a secret in a list.
    assert.notInclude(JSON.stringify(list.body()), body.token)
    assert.notProperty(listed, 'token')

    const revoked = await callAs(client, caller).delete(`/v1/user/tokens/${body.id}`)
    revoked.assertStatus(204)
    await expectStatus(client.get('/v1/user').bearerToken(body.token), 401)
    const after = await callAs(client, caller).get('/v1/user/tokens')
    assert.equal(after.body().count, 1)

    // Token changes are the user's: recorded in each of their organizations' audit log.
    assert.deepEqual(await auditActionsOf(caller.organizationId), [
      'token.created Deploy',
      'token.revoked Deploy',
    ])
  })

  test('an expired token is refused with 401 and listed as expired', async ({ client, assert }) => {
    const caller = await createCaller()
    const created = await callAs(client, caller).post('/v1/user/tokens', {
      name: 'Short',
      scopes: ['user:read'],
      expiresInDays: 7,
    })
    created.assertStatus(201)
    const { id, token } = created.body()
    await db
      .from('auth_access_tokens')
      .where('id', id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const refused = await client.get('/v1/user').bearerToken(token)
    refused.assertStatus(401)
    assert.equal(refused.body().error.code, 401)
    const list = await callAs(client, caller).get('/v1/user/tokens')
    const listed = list.body().items.find((item: any) => item.id === id)
    assert.isTrue(listed.expired)
  })

  test('a token cannot mint a token with scopes it lacks', async ({ client, assert }) => {
    const caller = await createCaller()
    const limited = await tokenWithScopes(caller.user, ['user:read', 'space:read'])
    const escalating = await client
      .post('/v1/user/tokens')
      .bearerToken(limited)
      .json({ name: 'More', scopes: ['user:read', 'space:write'] })
    escalating.assertStatus(403)
    assert.match(escalating.body().error.message, /space:write/)
    const everything = await client
      .post('/v1/user/tokens')
      .bearerToken(limited)
      .json({ name: 'All', scopes: ['*'] })
    everything.assertStatus(403)
    // Within its scopes it may.
    const narrower = await client
      .post('/v1/user/tokens')
      .bearerToken(limited)
      .json({ name: 'Less', scopes: ['space:read'] })
    narrower.assertStatus(201)
    // A `*` token (bootstrap's) grants any.
    const full = await callAs(client, caller).post('/v1/user/tokens', {
      name: 'All',
      scopes: ['*'],
    })
    full.assertStatus(201)
    assert.deepEqual(full.body().scopes, ['*'])
    // Nothing was minted by the refused requests.
    const remaining = await callAs(client, caller).get('/v1/user/tokens')
    const names = remaining.body().items
    assert.sameMembers(
      names.map((item: any) => item.name),
      ['All', 'Less', '', 'bindery:bootstrap']
    )
  })

  test("someone else's token, unknown ids: 404; bad bodies: 400", async ({ client, assert }) => {
    const caller = await createCaller()
    const other = await createCaller()
    const otherTokens = await callAs(client, other).get('/v1/user/tokens')
    const theirs = otherTokens.body().items[0]
    const refused = await callAs(client, caller).delete(`/v1/user/tokens/${theirs.id}`)
    refused.assertStatus(404)
    await expectStatus(callAs(client, caller).delete('/v1/user/tokens/nope'), 404)
    await expectStatus(client.get('/v1/user').bearerToken(other.token), 200)

    for (const bad of [
      {},
      { name: '', scopes: ['user:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['root'] },
      { name: 'x', scopes: ['user:read'], expiresInDays: 3 },
    ]) {
      const response = await callAs(client, caller).post('/v1/user/tokens', bad)
      response.assertStatus(400)
      assert.equal(response.body().error.code, 400)
    }
    await expectStatus(client.get('/v1/user/tokens'), 401)
    // Listing needs user:read.
    const orgOnly = await tokenWithScopes(caller.user, ['organization:read'])
    await expectStatus(client.get('/v1/user/tokens').bearerToken(orgOnly), 403)
  })

  test('pages of the list', async ({ client, assert }) => {
    const caller = await createCaller()
    for (const name of ['a', 'b', 'c']) {
      await callAs(client, caller).post('/v1/user/tokens', { name, scopes: ['user:read'] })
    }
    const first = await callAs(client, caller).get('/v1/user/tokens', { limit: 2 })
    assert.lengthOf(first.body().items, 2)
    assert.equal(first.body().count, 4)
    const second = await callAs(client, caller).get('/v1/user/tokens', {
      limit: 2,
      page: first.body().next.page,
    })
    assert.lengthOf(second.body().items, 2)
    assert.notProperty(second.body(), 'next')
  })
})
