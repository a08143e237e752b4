import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import testUtils from '@adonisjs/core/services/test_utils'
import User from '#accounts/models/user'
import { TokensUserProvider } from '#accounts/auth/tokens_user_provider'
import { withRequestContext } from '#core/audit/request_context'

const contextOf = (method: string) =>
  ({ request: { request: { method } } }) as unknown as HttpContext

/** The user the guard gets for a token value: verifyToken, then findById, as the guard asks. */
async function userFor(provider: TokensUserProvider, value: string) {
  const { Secret } = await import('@adonisjs/core/helpers')
  const token = await provider.verifyToken(new Secret(value))
  const found = await provider.findById(token!.tokenableId as string)
  return found!.getOriginal()
}

/** A user with an API token, and a provider that has verified nothing yet. */
async function tokenUser(email: string) {
  const user = await User.create({
    email,
    displayName: 'Token user',
    password: 'a long enough password',
  })
  const { value } = await User.accessTokens.create(user, ['user:read'])
  return { user, value: value!.release(), provider: new TokensUserProvider() }
}

test.group('API token users', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('reads of a cached token share its user model; a change gets one of its own', async ({
    assert,
  }) => {
    const { user, value, provider } = await tokenUser('token-user@example.com')

    const first = await userFor(provider, value)
    const second = await userFor(provider, value)
    assert.strictEqual(first, second)
    assert.equal(first.id, user.id)
    assert.equal(first.email, 'token-user@example.com')

    const changing = await withRequestContext(contextOf('POST'), () => userFor(provider, value))
    assert.notStrictEqual(changing, first)
    assert.equal(changing.id, user.id)
  })

  test('requests of the same user between verifyToken and findById read no user again', async ({
    assert,
  }) => {
    const { user, value, provider } = await tokenUser('interleaved@example.com')
    const { Secret } = await import('@adonisjs/core/helpers')
    // Two requests verify, then both ask for the user (as when their steps interleave): both get
    // the token's one model, not a second read of the user.
    const first = await provider.verifyToken(new Secret(value))
    const second = await provider.verifyToken(new Secret(value))
    const users = await Promise.all([
      provider.findById(first!.tokenableId as string),
      provider.findById(second!.tokenableId as string),
    ])
    assert.equal(users[0]!.getOriginal().id, user.id)
    assert.strictEqual(users[0]!.getOriginal(), users[1]!.getOriginal())
  })
})
