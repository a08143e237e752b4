import { BaseModel, column } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import type { RoleOrGuest } from '#core/roles'

/**
 * A reusable invite link: whoever holds its id joins the organization with its role, as long as the
 * organization allows invite links. GitBook's shape has no expiry, so links last until deleted.
 */
export default class OrganizationInviteLink extends compose(
  BaseModel,
  withRandomId,
  withTimestamps
) {
  @column()
  declare organizationId: string

  @column()
  declare role: RoleOrGuest

  @column()
  declare createdBy: string | null
}
