import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { timestampColumn } from '#core/database/timestamps'
import TeamMember from '#organizations/models/team_member'

/**
 * A team of an organization's members.
 */
export default class Team extends compose(BaseModel, withRandomId) {
  @column()
  declare organizationId: string

  @column()
  declare title: string

  @timestampColumn({ autoCreate: true })
  declare createdAt: DateTime

  @timestampColumn({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => TeamMember)
  declare memberships: HasMany<typeof TeamMember>
}
