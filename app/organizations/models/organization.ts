import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { compose } from '@adonisjs/core/helpers'
import { withRandomId } from '#core/models/with_random_id'
import { withTimestamps } from '#core/models/with_timestamps'
import { booleanColumn, jsonColumn } from '#core/database/columns'
import type { RoleOrGuest } from '#core/roles'
import OrganizationMember from '#organizations/models/organization_member'
import OrganizationEmailDomain from '#organizations/models/organization_email_domain'

export type OrganizationType = 'business' | 'community'
export type DefaultContent = { type: 'site'; site: string }

/**
 * Self-hosted Bindery has no billing: every organization gets every feature, and says so with the
 * enterprise plan.
 */
export const SELF_HOSTED_PLAN = 'enterprise_2024'

export default class Organization extends compose(BaseModel, withRandomId, withTimestamps) {
  @column()
  declare title: string

  @column()
  declare hostname: string | null

  @column()
  declare type: OrganizationType

  @column()
  declare useCase: string | null

  @column()
  declare communityType: string | null

  @column()
  declare defaultRole: RoleOrGuest

  @jsonColumn()
  declare defaultContent: DefaultContent | null

  @booleanColumn()
  declare sso: boolean

  @booleanColumn()
  declare ai: boolean

  @booleanColumn()
  declare inviteLinks: boolean

  @column()
  declare plan: string

  @column()
  declare logoUrl: string | null

  @hasMany(() => OrganizationMember)
  declare members: HasMany<typeof OrganizationMember>

  @hasMany(() => OrganizationEmailDomain)
  declare emailDomains: HasMany<typeof OrganizationEmailDomain>
}
