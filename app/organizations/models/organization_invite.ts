import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { timestampColumn } from '#core/database/timestamps'
import { booleanColumn } from '#core/database/columns'
import type { RoleOrGuest } from '#core/roles'

/**
 * A pending e-mail invite: the user with that address (now or once they have an account) joins the
 * organization with `role` by calling `POST /v1/orgs/{id}/join` or through the invite's accept link
 * in the console; the invite is then used up.
 */
export default class OrganizationInvite extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: string

  @column()
  declare email: string

  @column()
  declare role: RoleOrGuest

  @booleanColumn()
  declare sso: boolean

  @column()
  declare invitedBy: string | null

  /** When the invite was made or last renewed; its accept link is signed over it. */
  @timestampColumn({ autoCreate: true })
  declare createdAt: DateTime

  /** Past this, the invite admits no one (null: it never expires). */
  @timestampColumn()
  declare expiresAt: DateTime | null
}
