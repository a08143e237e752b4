import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * An e-mail domain whose users may join the organization.
 */
export default class OrganizationEmailDomain extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare organizationId: string

  @column()
  declare domain: string
}
