import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { timestampColumn } from '#core/database/timestamps'

/**
 * A revision of a space's content. Spaces start with one empty revision; the content domain adds
 * pages and files to revisions.
 */
export default class Revision extends compose(BaseModel, withRandomId) {
  @column()
  declare spaceId: string

  @column()
  declare parentId: string | null

  @timestampColumn({ autoCreate: true })
  declare createdAt: DateTime
}
