import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { timestampColumn } from '#core/database/timestamps'
import type { RoleOrGuest } from '#core/roles'
import type { EditMode, SpaceVisibility } from '#spaces/records'

export default class Space extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare organizationId: string

  @column()
  declare parentId: string | null

  @column()
  declare title: string

  @column()
  declare emoji: string | null

  @column()
  declare visibility: SpaceVisibility

  @column()
  declare editMode: EditMode

  @column()
  declare defaultLevel: RoleOrGuest

  @column()
  declare revisionId: string

  @column()
  declare position: number

  /** GitBook's MergeRulesStandaloneConfiguration as JSON text; null: inherit (see records.ts). */
  @column()
  declare mergeRules: string | null

  @timestampColumn()
  declare deletedAt: DateTime | null
}
