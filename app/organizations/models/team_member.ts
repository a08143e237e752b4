import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { timestampColumn } from '#core/database/timestamps'

export const TEAM_ROLES = ['owner', 'member'] as const
/**
 * `owner` manages the team's members; `member` belongs to it.
 */
export type TeamRole = (typeof TEAM_ROLES)[number]

/**
 * A user's membership of a team; the user is a member of the team's organization.
 */
export default class TeamMember extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare teamId: string

  @column()
  declare userId: string

  @column()
  declare role: TeamRole

  @timestampColumn({ autoCreate: true })
  declare createdAt: DateTime
}
