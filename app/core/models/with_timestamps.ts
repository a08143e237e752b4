import type { DateTime } from 'luxon'
import type { BaseModel } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { timestampColumn } from '#core/database/timestamps'

/**
 * Models with `created_at` and `updated_at` (milliseconds on both engines), set by Lucid on insert
 * and update.
 */
export function withTimestamps<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class RecordWithTimestamps extends superclass {
    @timestampColumn({ autoCreate: true })
    declare createdAt: DateTime

    @timestampColumn({ autoCreate: true, autoUpdate: true })
    declare updatedAt: DateTime
  }
  return RecordWithTimestamps
}
