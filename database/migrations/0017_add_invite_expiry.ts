import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Pending e-mail invites expire (null: invites recorded before expiry existed never do). Their
 * accept links are signed with APP_KEY over the invite's id, address and date, so no secret of
 * theirs is stored; renewing an invite (inviting the address again) moves its date, which retires
 * the old link.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('organization_invites', (table) => {
      table.datetime('expires_at', { precision: 3 }).nullable()
    })
  }

  async down() {
    this.schema.alterTable('organization_invites', (table) => {
      table.dropColumn('expires_at')
    })
  }
}
