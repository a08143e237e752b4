import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { booleanColumn } from '#core/database/columns'
import Site from '#sites/models/site'
import SiteSection from '#sites/models/site_section'

/**
 * A space published by a site, at the site's root or in one of its sections.
 */
export default class SiteSpace extends compose(BaseModel, withRandomId, withTimestamps) {
  static table = 'site_spaces'

  @column()
  declare siteId: string

  @column()
  declare siteSectionId: string | null

  /** The section id, or '' at the root (what the unique index on paths keys on). */
  @column()
  declare parentKey: string

  @column()
  declare spaceId: string

  @column()
  declare path: string

  /** Site-specific title; null: the space's own. */
  @column()
  declare title: string | null

  @column()
  declare condition: string | null

  @booleanColumn()
  declare hidden: boolean

  @column()
  declare position: number

  @belongsTo(() => Site)
  declare site: BelongsTo<typeof Site>

  @belongsTo(() => SiteSection)
  declare section: BelongsTo<typeof SiteSection>
}
