import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Teams of an organization and their members. Shared by the organizations domain (which manages
 * them), SSO (a provider's default team) and spaces (team grants on spaces and collections).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('teams', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('title', 64).notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'created_at', 'id'])
    })

    this.schema.createTable('team_members', (table) => {
      table.increments('id')
      table
        .string('team_id', 20)
        .notNullable()
        .references('id')
        .inTable('teams')
        .onDelete('CASCADE')
      table
        .string('user_id', 20)
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      // owner (manages the team's members) or member.
      table.string('role', 16).notNullable().defaultTo('member')
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.unique(['team_id', 'user_id'])
      table.index(['user_id', 'team_id'])
    })
  }

  async down() {
    this.schema.dropTable('team_members')
    this.schema.dropTable('teams')
  }
}
