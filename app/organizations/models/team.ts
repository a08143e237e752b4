import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import TeamMember from '#organizations/models/team_member'

/**
 * A team of an organization's members.
 */
export default class Team extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare organizationId: string

  @column()
  declare title: string

  @hasMany(() => TeamMember)
  declare memberships: HasMany<typeof TeamMember>
}
