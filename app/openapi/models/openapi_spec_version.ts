import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { timestampColumn } from '#core/database/timestamps'

export type OpenAPIFormat = 'json' | 'yaml'

/**
 * One version of a specification: the document as uploaded (`raw`) and as parsed (`document`,
 * JSON text). Versions never change.
 */
export default class OpenAPISpecVersion extends compose(BaseModel, withRandomId) {
  static table = 'openapi_spec_versions'

  @column()
  declare specId: string

  @column()
  declare number: number

  @column()
  declare sourceUrl: string | null

  @column()
  declare format: OpenAPIFormat

  @column()
  declare digest: string

  @column()
  declare raw: string

  @column()
  declare document: string

  @timestampColumn({ autoCreate: true })
  declare createdAt: DateTime
}
