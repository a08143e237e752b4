import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Invitations to an organization: reusable invite links (anyone holding the link joins with its
 * role) and pending e-mail invites (one address, accepted once by the user with that address).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('organization_invite_links', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      // null = the link makes guests.
      table.string('role', 16).nullable()
      table
        .string('created_by', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'created_at', 'id'])
    })

    this.schema.createTable('organization_invites', (table) => {
      table.increments('id')
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      // Lowercased address of the invited person; they may not have an account yet.
      table.string('email', 254).notNullable()
      table.string('role', 16).nullable()
      table.boolean('sso').notNullable().defaultTo(false)
      table
        .string('invited_by', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.unique(['organization_id', 'email'])
      table.index(['email'])
    })
  }

  async down() {
    this.schema.dropTable('organization_invites')
    this.schema.dropTable('organization_invite_links')
  }
}
