import type { Secret } from '@adonisjs/core/helpers'
import type { AccessToken } from '@adonisjs/auth/access_tokens'
import { AccessTokensLucidUserProvider } from '@adonisjs/auth/access_tokens'
import type { AccessTokensUserProviderContract } from '@adonisjs/auth/types/access_tokens'
import User from '#accounts/models/user'
import { LRUCache } from 'lru-cache'
import { requestContext } from '#core/audit/request_context'
import {
  VERIFIED_TOKEN_TTL_MS,
  VERIFIED_TOKENS_MAX,
  type VerifiedToken,
} from '#accounts/auth/access_tokens_provider'

/**
 * The user model of a verified token, made once for the reads that present it while it is cached
 * (at most VERIFIED_TOKEN_TTL_MS): a Lucid model costs ~5 % of a small read's CPU to make. Reads
 * only read it (no relation is loaded on it, nothing is saved through it); a request that may
 * change something (the audit context is entered for those alone) gets a model of its own.
 */
const readersUsers = new WeakMap<VerifiedToken, User>()

function userOf(verified: VerifiedToken): User {
  if (requestContext.getStore() !== undefined) return User.$createFromAdapterResult(verified.user)!
  let user = readersUsers.get(verified)
  if (!user) {
    user = User.$createFromAdapterResult(verified.user)!
    readersUsers.set(verified, user)
  }
  return user
}

/**
 * The API guard's user provider. The guard asks for the token (`verifyToken`), then for its user
 * (`findById`): the token lookup already read the user (AccessTokensProvider.verifyWithUser), so it
 * is handed over instead of read a second time. Requests of the same user may run between the two
 * calls (their steps interleave), so the hand-over is not taken away by the first `findById`: the
 * last verification of each user stays for VERIFIED_TOKEN_TTL_MS, and whether the model is shared
 * is decided by the request asking (its audit context).
 */
export class TokensUserProvider
  extends AccessTokensLucidUserProvider<'accessTokens', typeof User>
  implements AccessTokensUserProviderContract<User>
{
  #verified = new LRUCache<string, VerifiedToken>({
    max: VERIFIED_TOKENS_MAX,
    ttl: VERIFIED_TOKEN_TTL_MS,
    ttlAutopurge: false,
  })

  constructor() {
    super({ tokens: 'accessTokens', model: () => import('#accounts/models/user') })
  }

  async verifyToken(tokenValue: Secret<string>): Promise<AccessToken | null> {
    const verified = await User.accessTokens.verifyWithUser(tokenValue)
    if (!verified) return null
    this.#verified.set(verified.user.id, verified)
    return verified.token
  }

  async findById(identifier: string | number | BigInt) {
    const key = String(identifier)
    const verified = this.#verified.get(key)
    if (verified) return this.createUserForGuard(userOf(verified))
    return super.findById(identifier)
  }
}
