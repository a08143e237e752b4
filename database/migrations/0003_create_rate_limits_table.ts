import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Rate-limit counters (@adonisjs/limiter's database store), shared by every Bindery process.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
  }

  async down() {
    this.schema.dropTable('rate_limits')
  }
}
