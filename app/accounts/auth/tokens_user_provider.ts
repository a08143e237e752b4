import type { Secret } from '@adonisjs/core/helpers'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokensUserProviderContract } from '@adonisjs/auth/types/access_tokens'
import User from '#accounts/models/user'

/**
 * The API guard's user provider. The guard asks for the token (`verifyToken`), then for its user
 * (`findById`): the token lookup already read the user (AccessTokensProvider.verifyWithUser), so it
 * is handed over instead of read a second time.
 */
export class TokensUserProvider
  extends AccessTokensLucidUserProvider<'accessTokens', typeof User>
  implements AccessTokensUserProviderContract<User>
{
  #verifiedUsers = new Map<string, User>()

  constructor() {
    super({ tokens: 'accessTokens', model: () => import('#accounts/models/user') })
  }

  async verifyToken(tokenValue: Secret<string>): Promise<AccessToken | null> {
    const verified = await User.accessTokens.verifyWithUser(tokenValue)
    if (!verified) return null
    const user = User.$createFromAdapterResult(verified.user)
    if (user) this.#verifiedUsers.set(verified.user.id, user)
    return verified.token
  }

  async findById(identifier: string | number | BigInt) {
    const key = String(identifier)
    const user = this.#verifiedUsers.get(key)
    if (user) {
      this.#verifiedUsers.delete(key)
      return this.createUserForGuard(user)
    }
    return super.findById(identifier)
  }
}
