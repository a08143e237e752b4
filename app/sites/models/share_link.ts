import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { booleanColumn } from '#core/database/columns'
import Site from '#sites/models/site'

/**
 * A secret link to a `share-link` site: whoever holds an active link's key reads the site.
 */
export default class ShareLink extends compose(BaseModel, withRandomId, withTimestamps) {
  static table = 'site_share_links'

  @column()
  declare siteId: string

  @column()
  declare name: string

  @booleanColumn()
  declare active: boolean

  @column({ serializeAs: null })
  declare key: string

  @belongsTo(() => Site)
  declare site: BelongsTo<typeof Site>
}
