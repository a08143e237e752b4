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

/**
 * The checks every answer gets: its status, its shape against the contract, and for an error the
 * message when one is given (a string it must contain, or a pattern).
 */
export function assertAnswer(response: any, status: number, message?: string | RegExp) {
  response.assertStatus(status)
  response.assertContract()
  if (message === undefined) return
  const actual: string = response.body().error?.message ?? ''
  const matches = typeof message === 'string' ? actual.includes(message) : message.test(actual)
  if (!matches) throw new Error(`Expected error message ${message}, got "${actual}"`)
}

/**
 * `assertAnswer` for several answers that must all end the same way.
 */
export function assertAnswers(responses: any[], status: number, message?: string | RegExp) {
  for (const response of responses) assertAnswer(response, status, message)
}
