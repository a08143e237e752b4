import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { jsonColumn } from '#core/database/columns'

/**
 * Translation settings of an organization: a title and the languages content is translated into.
 */
export default class TranslationSettings extends compose(BaseModel, withRandomId, withTimestamps) {
  static table = 'translation_settings'

  @column()
  declare organizationId: string

  @column()
  declare title: string

  @jsonColumn()
  declare languages: string[]
}
