import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Events delivered to integrations' scripts: one row per event and installation concerned, with
 * what the delivery needs once the installation is gone (`environment`: the installation as it was,
 * without secrets) and the last attempt's outcome (status, duration, bounded logs, error).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('integration_events', (table) => {
      table.string('id', 20).primary()
      table
        .string('integration_id', 20)
        .notNullable()
        .references('id')
        .inTable('integrations')
        .onDelete('CASCADE')
      // The installing organization (no foreign key on installations: deleted events outlive them).
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('installation_id', 20).nullable()
      table.string('space_id', 20).nullable()
      table.string('site_id', 20).nullable()
      table.string('type', 64).notNullable()
      table.text('payload', 'mediumtext').notNullable()
      table.text('environment', 'mediumtext').notNullable()
      // pending | success | failed
      table.string('status', 16).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.integer('duration_ms').nullable()
      table.text('logs', 'mediumtext').nullable()
      table.text('error').nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['integration_id', 'created_at', 'id'])
      table.index(['organization_id', 'created_at', 'id'])
      table.index(['installation_id', 'created_at', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('integration_events')
  }
}
