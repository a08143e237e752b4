import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { eachTestInTransaction, createCaller } from '#tests/helpers/callers'
import { SCOPES } from '#core/scopes'
import { ConsoleVisitor } from './console_visitor.js'

async function propOf(visitor: ConsoleVisitor, prop: 'minted' | 'tokens') {
  const page = await visitor.page('/console/tokens')
  return page.props[prop]
}

/**
 * The console's "API tokens" page: the signed-in user mints tokens (secret shown once), lists
 * theirs, revokes one; a minted token works against /v1, a revoked one does not.
 */
test.group('Console API tokens', (group) => {
  eachTestInTransaction(group)

  test('mint a token shown once, use it against /v1, list it, revoke it', async ({
    assert,
    client,
  }) => {
    const caller = await createCaller()
    const visitor = await ConsoleVisitor.of(client, caller.user.id)
    const empty = await visitor.page('/console/tokens')
    assert.equal(empty.component, 'tokens/index')
    // The bootstrap token of the caller is listed, never its secret.
    assert.lengthOf(empty.props.tokens, 1)
    assert.isNull(empty.props.minted)
    assert.deepEqual(empty.props.scopes, [...SCOPES])

    const response = await visitor.submit('POST', '/console/tokens', {
      name: 'CI publishing',
      scopes: ['user:read', 'space:read'],
      expiresInDays: '30',
    })
    assert.equal(response.status, 302)
    const page = await visitor.page('/console/tokens')
    assert.match(page.props.notice, /Token CI publishing created/)
    const secret: string = page.props.minted.secret
    assert.match(secret, /^gb_api_/)
    const token = page.props.tokens.find((t: any) => t.name === 'CI publishing')
    assert.deepEqual(token.scopes, ['user:read', 'space:read'])
    assert.isNull(token.lastUsedAt)
    const expires = new Date(token.expiresAt).getTime() - Date.now()
    assert.closeTo(expires / 86_400_000, 30, 0.01)
    assert.notInclude(JSON.stringify(page.props.tokens), secret)

    // Shown once: the next page has no secret.
    assert.isNull(await propOf(visitor, 'minted'))

    const me = await client.get('/v1/user').bearerToken(secret)
    me.assertStatus(200)
    assert.equal(me.body().id, caller.user.id)
    // Its scopes hold: no organization:read.
    const orgs = await client.get('/v1/orgs').bearerToken(secret)
    orgs.assertStatus(403)
    const listed = await propOf(visitor, 'tokens')
    const used = listed.find((t: any) => t.name === 'CI publishing')
    assert.isString(used.lastUsedAt)

    await visitor.submit('DELETE', `/console/tokens/${token.id}`)
    assert.match(await visitor.notice('/console/tokens'), /Token CI publishing revoked/)
    const refused = await client.get('/v1/user').bearerToken(secret)
    refused.assertStatus(401)
    assert.lengthOf(await propOf(visitor, 'tokens'), 1)
  })

  test('all scopes, no expiry', async ({ assert, client }) => {
    const caller = await createCaller()
    const visitor = await ConsoleVisitor.of(client, caller.user.id)
    await visitor.page('/console/tokens')
    await visitor.submit('POST', '/console/tokens', {
      name: 'Everything',
      scopes: ['*', 'user:read'],
    })
    const page = await visitor.page('/console/tokens')
    const token = page.props.tokens.find((t: any) => t.name === 'Everything')
    assert.deepEqual(token.scopes, ['*'])
    assert.isNull(token.expiresAt)
    const orgs = await client.get('/v1/orgs').bearerToken(page.props.minted.secret)
    orgs.assertStatus(200)
  })

  test('bad input is refused by field, and nothing is minted', async ({ assert, client }) => {
    const caller = await createCaller()
    const visitor = await ConsoleVisitor.of(client, caller.user.id)
    await visitor.page('/console/tokens')
    for (const [body, field] of [
      [{ name: '', scopes: ['user:read'] }, 'name'],
      [{ name: 'x'.repeat(101), scopes: ['user:read'] }, 'name'],
      [{ scopes: ['user:read'] }, 'name'],
      [{ name: 'No scope', scopes: [] }, 'scopes'],
      [{ name: 'No scope' }, 'scopes'],
      [{ name: 'Bad scope', scopes: ['root'] }, 'scopes.0'],
      [{ name: 'Twice', scopes: ['user:read', 'user:read'] }, 'scopes'],
      [{ name: 'Bad expiry', scopes: ['user:read'], expiresInDays: '3' }, 'expiresInDays'],
      [{ name: 'Bad expiry', scopes: ['user:read'], expiresInDays: 'soon' }, 'expiresInDays'],
    ] as const) {
      await visitor.submit('POST', '/console/tokens', body)
      const errors = await visitor.flashedErrors('/console/tokens')
      assert.isTrue(field in errors, JSON.stringify(body).slice(0, 60))
    }
    const [row] = await db
      .from('auth_access_tokens')
      .where('tokenable_id', caller.user.id)
      .count('* as total')
    assert.equal(Number(row.total), 1)
  })

  test("another user's token, an unknown id: 404, nothing revoked", async ({ assert, client }) => {
    const owner = await createCaller()
    const other = await createCaller()
    const otherToken = await db
      .from('auth_access_tokens')
      .where('tokenable_id', other.user.id)
      .select('id')
      .firstOrFail()
    const visitor = await ConsoleVisitor.of(client, owner.user.id)
    for (const id of [String(otherToken.id), '999999999', 'abc', '1;DROP']) {
      assert.equal(await visitor.submitStatus('DELETE', `/console/tokens/${id}`), 404, id)
    }
    const stillWorks = await client.get('/v1/user').bearerToken(other.token)
    stillWorks.assertStatus(200)
    // Without a CSRF token nothing happens either.
    const own = await db
      .from('auth_access_tokens')
      .where('tokenable_id', owner.user.id)
      .select('id')
      .firstOrFail()
    await visitor.submit('DELETE', `/console/tokens/${own.id}`, undefined, { csrf: false })
    const ownWorks = await client.get('/v1/user').bearerToken(owner.token)
    ownWorks.assertStatus(200)
  })

  test('signed out: the tokens page asks to sign in first, then comes back', async ({
    assert,
    client,
  }) => {
    const response = await client.get('/console/tokens').redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), '/console/login?return=%2Fconsole%2Ftokens')
    const mint = await client
      .post('/console/tokens')
      .json({ name: 'x', scopes: ['*'] })
      .redirects(0)
    assert.notEqual(mint.status(), 200)
  })
})
