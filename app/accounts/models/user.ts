import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { afterSave, BaseModel, column } from '@adonisjs/lucid/orm'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { AccessTokensProvider } from '#accounts/auth/access_tokens_provider'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, withRandomId, withTimestamps, AuthFinder) {
  @column()
  declare email: string

  @column()
  declare displayName: string

  @column()
  declare photoUrl: string | null

  /**
   * Scrypt hash; null for users who only sign in with a token or through SSO.
   */
  @column({ serializeAs: null })
  declare password: string | null

  /**
   * API tokens: `gb_api_<id>.<secret>` like GitBook's, SHA-256 hashed in `auth_access_tokens`;
   * abilities are GitBook OAuth scopes. The API guard verifies them with `verifyWithUser`, which
   * reads token and user in one query.
   */
  static accessTokens = new AccessTokensProvider({
    tokenableModel: User,
    prefix: 'gb_api_',
    table: 'auth_access_tokens',
    type: 'api_token',
    tokenSecretLength: 40,
  })

  /** Tokens verified moments ago carry the user's columns: they are read again after a change. */
  @afterSave()
  static forgetVerifiedTokens(user: User) {
    AccessTokensProvider.forgetUser(user.id)
  }
}
