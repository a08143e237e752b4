import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { timestampColumn } from '#core/database/timestamps'
import { booleanColumn } from '#core/database/columns'
import type { AgentsContext, SiteType, SiteVisibility } from '#sites/records'

/**
 * A published documentation site of an organization (created and changed through this model; its
 * structure's rows, and every read, go through the query builder like the content tables').
 */
export default class Site extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare organizationId: string

  @column()
  declare type: SiteType

  @column()
  declare title: string

  @column()
  declare hostname: string | null

  @column()
  declare basename: string | null

  @column()
  declare visibility: SiteVisibility

  @booleanColumn()
  declare published: boolean

  @booleanColumn()
  declare adaptiveContent: boolean

  @column()
  declare agentsContext: AgentsContext

  @column()
  declare proxy: string | null

  @column()
  declare defaultSiteSpaceId: string | null

  @column()
  declare defaultSiteSectionId: string | null

  /** Signs the JWTs of visitor-auth readers; never serialized except by the publishing-auth API. */
  @column({ serializeAs: null })
  declare authPrivateKey: string

  @column()
  declare authBackend: 'custom' | 'integration'

  @column()
  declare authFallbackUrl: string | null

  @column()
  declare authLogoutUrl: string | null

  /** The adaptive-content JSON Schema as text (null: the default, empty one). */
  @column()
  declare adaptiveSchema: string | null

  @timestampColumn()
  declare adaptiveSchemaUpdatedAt: DateTime | null
}
