import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('organizations', (table) => {
      table.string('id', 20).primary()
      table.string('title', 255).notNullable()
      table.string('hostname', 32).nullable().unique()
      table.string('type', 16).notNullable().defaultTo('business')
      table.string('use_case', 32).nullable()
      table.string('community_type', 32).nullable()
      table.string('default_role', 16).nullable()
      table.text('default_content').nullable()
      table.boolean('sso').notNullable().defaultTo(false)
      table.boolean('ai').notNullable().defaultTo(false)
      table.boolean('invite_links').notNullable().defaultTo(true)
      table.string('plan', 32).notNullable()
      table.string('logo_url', 2048).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['created_at', 'id'])
    })

    this.schema.createTable('organization_email_domains', (table) => {
      table.increments('id')
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('domain', 253).notNullable()
      table.unique(['organization_id', 'domain'])
      table.index(['domain'])
    })

    this.schema.createTable('organization_members', (table) => {
      table.increments('id')
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table
        .string('user_id', 20)
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      // null = guest: a member without an organization-wide role.
      table.string('role', 16).nullable()
      table.boolean('disabled').notNullable().defaultTo(false)
      table.boolean('sso').notNullable().defaultTo(false)
      table.datetime('joined_at', { precision: 3 }).notNullable()
      table.datetime('last_seen_at', { precision: 3 }).nullable()
      table.unique(['organization_id', 'user_id'])
      table.index(['user_id', 'organization_id'])
    })
  }

  async down() {
    this.schema.dropTable('organization_members')
    this.schema.dropTable('organization_email_domains')
    this.schema.dropTable('organizations')
  }
}
