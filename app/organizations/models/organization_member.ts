import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { timestampColumn } from '#core/database/timestamps'
import { booleanColumn } from '#core/database/columns'
import type { RoleOrGuest } from '#core/roles'
import User from '#accounts/models/user'
import Organization from '#organizations/models/organization'

/**
 * A user's membership of an organization. On the wire a member is named by its user id; this row's
 * own id stays internal.
 */
export default class OrganizationMember extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: string

  @column()
  declare userId: string

  /**
   * null = guest: no organization-wide role.
   */
  @column()
  declare role: RoleOrGuest

  @booleanColumn()
  declare disabled: boolean

  @booleanColumn()
  declare sso: boolean

  @timestampColumn()
  declare joinedAt: DateTime

  @timestampColumn()
  declare lastSeenAt: DateTime | null

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Organization)
  declare organization: BelongsTo<typeof Organization>
}
