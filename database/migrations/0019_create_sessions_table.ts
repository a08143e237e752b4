import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Console sessions kept server-side (@adonisjs/session's database store): the cookie holds only
 * the id, so signing out, a password change or a removal from an organization ends a session for
 * good (`user_id` finds every session of a user; deleting the user deletes them). `data` is the
 * signed session payload; flashed form input in it is bounded by the console.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sessions', (table) => {
      table.string('id', 64).primary()
      table.text('data', 'mediumtext').notNullable()
      table.string('user_id', 20).nullable().references('id').inTable('users').onDelete('CASCADE')
      table.dateTime('expires_at').notNullable().index()
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('sessions')
  }
}
