import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import Site from '#sites/models/site'
import SiteSection from '#sites/models/site_section'

/**
 * A titled group of sections in a site's navigation.
 */
export default class SiteSectionGroup extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare siteId: string

  @column()
  declare title: string

  @column()
  declare icon: string | null

  @column()
  declare position: number

  @belongsTo(() => Site)
  declare site: BelongsTo<typeof Site>

  @hasMany(() => SiteSection, { foreignKey: 'sectionGroupId' })
  declare sections: HasMany<typeof SiteSection>
}
