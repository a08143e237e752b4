import User from '#accounts/models/user'
import { SCOPES, type Scope } from '#core/scopes'

/**
 * A request the test can send again and again, with or without a bearer token.
 */
export type Guarded = {
  send: () => { bearerToken(token: string): any } & PromiseLike<any>
  /** The OAuth scope the operation needs. */
  scope: Scope
}

/**
 * Sends each operation with no token and with a wrong token (both 401), then with a token of
 * `user` that has every scope but the one the operation needs (403); every answer is checked
 * against the contract. The caller checks afterwards that nothing changed.
 */
export async function assertTokenGuards(user: User, operations: Guarded[]) {
  const tokens = new Map<Scope, string>()
  for (const { send, scope } of operations) {
    for (const request of [send(), send().bearerToken('gb_api_not-a-real-token')]) {
      const response = await request
      response.assertStatus(401)
      response.assertContract()
    }
    if (!tokens.has(scope)) {
      const others = SCOPES.filter((candidate) => candidate !== scope)
      const { value } = await User.accessTokens.create(user, others)
      tokens.set(scope, value!.release())
    }
    const scoped = await send().bearerToken(tokens.get(scope)!)
    scoped.assertStatus(403)
    scoped.assertContract()
  }
}
