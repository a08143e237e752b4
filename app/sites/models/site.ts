import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { timestampColumn } from '#core/database/timestamps'
import { booleanColumn } from '#core/database/columns'
import type { AgentsContext, SiteType, SiteVisibility } from '#sites/records'
import SiteSection from '#sites/models/site_section'
import SiteSectionGroup from '#sites/models/site_section_group'
import SiteSpace from '#sites/models/site_space'
import ShareLink from '#sites/models/share_link'

/**
 * A published documentation site of an organization.
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

  @hasMany(() => SiteSection)
  declare sections: HasMany<typeof SiteSection>

  @hasMany(() => SiteSectionGroup)
  declare sectionGroups: HasMany<typeof SiteSectionGroup>

  @hasMany(() => SiteSpace)
  declare siteSpaces: HasMany<typeof SiteSpace>

  @hasMany(() => ShareLink)
  declare shareLinks: HasMany<typeof ShareLink>
}
