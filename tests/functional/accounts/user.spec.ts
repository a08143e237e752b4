import { test } from '@japa/runner'
import { callAs, groupInTransaction } from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import User from '#accounts/models/user'
import { createCaller } from '#tests/helpers/callers'
import { DateTime } from 'luxon'
import { VERIFIED_TOKEN_TTL_MS } from '#accounts/auth/access_tokens_provider'

groupInTransaction('GET /v1/user', () => {
  test('answers the user the token belongs to', async ({ client, assert }) => {
    const caller = await createCaller()
    const response = await callAs(client, caller).get('/v1/user')
    assertAnswer(response, 200)
    assert.equal(response.body().id, caller.user.id)
    assert.equal(response.body().object, 'user')
    assert.equal(response.body().email, caller.email)
    assert.match(
      response.body().urls.location,
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/users\/[A-Za-z0-9]{20}$/
    )
  })

  test('refuses a request without a token', async ({ client, assert }) => {
    const response = await client.get('/v1/user')
    assertAnswer(response, 401)
    assert.equal(response.body().error.code, 401)
  })

  test('refuses a malformed authorization header: {$self}')
    .with([
      'Bearer',
      'Basic abc',
      'Bearer not-a-token',
      'Bearer gb_api_xx',
      'gb_api_MQ.abc',
      'Bearer gb_api_MQ.',
    ])
    .run(async ({ client }, header) => {
      const response = await client.get('/v1/user').header('Authorization', header)
      assertAnswer(response, 401)
    })

  test('refuses an unknown token', async ({ client }) => {
    const caller = await createCaller()
    const forged = caller.token.slice(0, -4) + 'AAAA'
    const response = await client.get('/v1/user').bearerToken(forged)
    assertAnswer(response, 401)
  })

  test('refuses a revoked token', async ({ client }) => {
    const caller = await createCaller()
    const [token] = await User.accessTokens.all(caller.user)
    await User.accessTokens.delete(caller.user, token.identifier)
    const response = await callAs(client, caller).get('/v1/user')
    assertAnswer(response, 401)
  })

  test('refuses an expired token', async ({ client }) => {
    const caller = await createCaller()
    const token = await User.accessTokens.create(caller.user, ['*'], { expiresIn: '1 hour' })
    const ok = await client.get('/v1/user').bearerToken(token.value!.release())
    ok.assertStatus(200)
    await User.accessTokens.all(caller.user).then(async () => {
      const { default: db } = await import('@adonisjs/lucid/services/db')
      await db
        .from('auth_access_tokens')
        .where('id', String(token.identifier))
        .update({ expires_at: DateTime.utc().minus({ minutes: 1 }).toJSDate() })
    })
    // Changed behind the server's back: believed for at most VERIFIED_TOKEN_TTL_MS more.
    await new Promise((resolve) => setTimeout(resolve, VERIFIED_TOKEN_TTL_MS + 50))
    const response = await client.get('/v1/user').bearerToken(token.value!.release())
    assertAnswer(response, 401)
  })

  test('a token deleted behind the server is refused within a second', async ({ client }) => {
    const caller = await createCaller()
    const token = await User.accessTokens.create(caller.user, ['*'], { expiresIn: '1 hour' })
    const secret = token.value!.release()
    const first = await client.get('/v1/user').bearerToken(secret)
    first.assertStatus(200)
    const { default: db } = await import('@adonisjs/lucid/services/db')
    await db.from('auth_access_tokens').where('id', String(token.identifier)).delete()
    await new Promise((resolve) => setTimeout(resolve, VERIFIED_TOKEN_TTL_MS + 50))
    assertAnswer(await client.get('/v1/user').bearerToken(secret), 401)
  })

  test('a verified token is believed for the same value only', async ({ client }) => {
    const caller = await createCaller()
    const token = await User.accessTokens.create(caller.user, ['*'], { expiresIn: '1 hour' })
    const secret = token.value!.release()
    const first = await client.get('/v1/user').bearerToken(secret)
    first.assertStatus(200)
    // Same id, another secret: read and refused, not taken from what was verified.
    const forged = `${secret.slice(0, -4)}${secret.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    assertAnswer(await client.get('/v1/user').bearerToken(forged), 401)
  })

  test('records when a token was last used, at most once a minute', async ({ client, assert }) => {
    const caller = await createCaller()
    const { default: db } = await import('@adonisjs/lucid/services/db')
    const lastUsed = async () => {
      const token = await db
        .from('auth_access_tokens')
        .where('tokenable_id', caller.user.id)
        .first()
      return token.last_used_at
    }
    assert.isNull(await lastUsed())

    await callAs(client, caller).get('/v1/user')
    const first = await lastUsed()
    assert.isNotNull(first)

    await callAs(client, caller).get('/v1/user')
    assert.deepEqual(await lastUsed(), first)

    // A wrong secret for the same token id changes nothing.
    await db
      .from('auth_access_tokens')
      .where('tokenable_id', caller.user.id)
      .update({ last_used_at: null })
    const forged = caller.token.slice(0, -4) + 'AAAA'
    const forgedResponse = await client.get('/v1/user').bearerToken(forged)
    forgedResponse.assertStatus(401)
    assert.isNull(await lastUsed())
  })

  test('refuses a token that lacks the user:read scope', async ({ client }) => {
    const caller = await createCaller()
    const token = await User.accessTokens.create(caller.user, ['space:read'])
    const response = await client.get('/v1/user').bearerToken(token.value!.release())
    assertAnswer(response, 403)
  })
})
