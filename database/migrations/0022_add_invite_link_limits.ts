import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Invite links are credentials: they may expire (null: never) and admit a bounded number of people
 * (`max_uses` null: unbounded); `uses` counts the people who joined with the link.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('organization_invite_links', (table) => {
      table.datetime('expires_at', { precision: 3 }).nullable()
      table.integer('max_uses').nullable()
      table.integer('uses').notNullable().defaultTo(0)
    })
  }

  async down() {
    this.schema.alterTable('organization_invite_links', (table) => {
      table.dropColumn('expires_at')
      table.dropColumn('max_uses')
      table.dropColumn('uses')
    })
  }
}
