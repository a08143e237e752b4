import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import Site from '#sites/models/site'
import SiteSpace from '#sites/models/site_space'

/**
 * A section of a site: a top-level entry of its navigation holding one or more site spaces
 * (variants), shown to the visitors its condition admits.
 */
export default class SiteSection extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare siteId: string

  @column()
  declare sectionGroupId: string | null

  @column()
  declare title: string

  @column()
  declare description: string | null

  @column()
  declare path: string

  @column()
  declare condition: string | null

  @column()
  declare icon: string | null

  @column()
  declare defaultSiteSpaceId: string | null

  @column()
  declare position: number

  @belongsTo(() => Site)
  declare site: BelongsTo<typeof Site>

  @hasMany(() => SiteSpace)
  declare siteSpaces: HasMany<typeof SiteSpace>
}
