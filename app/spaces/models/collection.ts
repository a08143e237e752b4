import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import type { RoleOrGuest } from '#core/roles'

export default class Collection extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare organizationId: string

  @column()
  declare parentId: string | null

  @column()
  declare title: string

  @column()
  declare description: string | null

  @column()
  declare defaultLevel: RoleOrGuest

  @column()
  declare position: number
}
