import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('users', (table) => {
      table.string('id', 20).primary()
      table.string('email', 254).notNullable().unique()
      table.string('display_name', 255).notNullable()
      table.string('photo_url', 2048).nullable()
      table.string('password', 255).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
    })

    this.schema.createTable('auth_access_tokens', (table) => {
      table.increments('id')
      table
        .string('tokenable_id', 20)
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('type', 32).notNullable()
      table.string('name', 255).nullable()
      table.string('hash', 255).notNullable()
      table.text('abilities').notNullable()
      table.datetime('created_at', { precision: 3 }).nullable()
      table.datetime('updated_at', { precision: 3 }).nullable()
      table.datetime('last_used_at', { precision: 3 }).nullable()
      table.datetime('expires_at', { precision: 3 }).nullable()
      table.index(['tokenable_id'])
    })
  }

  async down() {
    this.schema.dropTable('auth_access_tokens')
    this.schema.dropTable('users')
  }
}
