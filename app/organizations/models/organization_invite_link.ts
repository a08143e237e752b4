import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import type { RoleOrGuest } from '#core/roles'
import { timestampColumn } from '#core/database/timestamps'
import type { DateTime } from 'luxon'

/**
 * A reusable invite link: whoever holds its id joins the organization with its role, as long as the
 * organization allows invite links. A link is a credential: it may expire and admit a bounded
 * number of people (`maxUses`, counted in `uses`); otherwise it lasts until revoked.
 */
export default class OrganizationInviteLink extends compose(
  BaseModel,
  withRandomId,
  withTimestamps
) {
  @column()
  declare organizationId: string

  @column()
  declare role: RoleOrGuest

  @column()
  declare createdBy: string | null

  @timestampColumn()
  declare expiresAt: DateTime | null

  @column()
  declare maxUses: number | null

  @column()
  declare uses: number
}
