import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import type { RoleOrGuest } from '#core/roles'

/**
 * A SAML identity provider of an organization. `entityId`, `certificate` and `ssoUrl` describe the
 * identity provider; until all three are set the provider is `pending` and nobody signs in with it.
 */
export default class SamlProvider extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare organizationId: string

  @column()
  declare label: string

  @column()
  declare entityId: string | null

  @column()
  declare certificate: string | null

  @column()
  declare ssoUrl: string | null

  @column()
  declare defaultTeamId: string | null

  /**
   * Role given to users who join through this provider; null = guest.
   */
  @column()
  declare defaultRole: RoleOrGuest
}
