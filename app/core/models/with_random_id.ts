import { BaseModel, beforeCreate, column } from '@adonisjs/lucid/orm'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { newId } from '#core/ids'

/**
 * Models whose primary key goes on the wire: a random 20-character id assigned before insert.
 */
export function withRandomId<Model extends NormalizeConstructor<typeof BaseModel>>(
  superclass: Model
) {
  class RecordWithRandomId extends superclass {
    static selfAssignPrimaryKey = true

    @column({ isPrimary: true })
    declare id: string

    @beforeCreate()
    static assignRandomId(record: RecordWithRandomId) {
      if (!record.id) record.id = newId()
    }
  }
  return RecordWithRandomId
}
