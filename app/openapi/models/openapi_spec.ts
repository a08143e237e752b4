import type { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { timestampColumn } from '#core/database/timestamps'

export type OpenAPISpecVisibility = 'private' | 'public'

/**
 * An OpenAPI specification of an organization, named by its slug; its documents are its versions.
 */
export default class OpenAPISpec extends compose(BaseModel, withRandomId, withTimestamps) {
  static table = 'openapi_specs'

  @column()
  declare organizationId: string

  @column()
  declare slug: string

  @column()
  declare sourceUrl: string | null

  @column()
  declare visibility: OpenAPISpecVisibility

  @column()
  declare lastVersionId: string | null

  @column()
  declare versionCount: number

  @timestampColumn()
  declare lastProcessedAt: DateTime | null
}
