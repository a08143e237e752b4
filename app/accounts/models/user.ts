import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import { compose } from '@adonisjs/core/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { withAuthFinder } from '@adonisjs/auth/mixins/lucid'
import { DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'
import { withRandomId } from '#core/models/with_random_id'
import { timestampColumn } from '#core/database/timestamps'
import { TOKEN_SETTINGS } from '#accounts/auth/token_settings'

const AuthFinder = withAuthFinder(() => hash.use('scrypt'), {
  uids: ['email'],
  passwordColumnName: 'password',
})

export default class User extends compose(BaseModel, withRandomId, AuthFinder) {
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

  @timestampColumn({ autoCreate: true })
  declare createdAt: DateTime

  @timestampColumn({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /**
   * API tokens (see TOKEN_SETTINGS); abilities are GitBook OAuth scopes. The API guard verifies them
   * through TokensUserProvider, which reads token and user in one query.
   */
  static accessTokens = DbAccessTokensProvider.forModel(User, TOKEN_SETTINGS)
}
