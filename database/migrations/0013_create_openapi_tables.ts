import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * OpenAPI specifications of an organization (unique slug per organization) and their versions:
 * each version keeps the document as uploaded (`raw`, its `format`) and as parsed (`document`,
 * JSON), numbered per specification so that "newest first" is total without relying on clocks.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('openapi_specs', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('slug', 100).notNullable()
      // Where the document is fetched from; null for specifications uploaded as text.
      table.string('source_url', 2048).nullable()
      table.string('visibility', 16).notNullable()
      // The newest version (no foreign key: both rows are written in one transaction).
      table.string('last_version_id', 20).nullable()
      table.integer('version_count').notNullable()
      table.datetime('last_processed_at', { precision: 3 }).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.unique(['organization_id', 'slug'])
      table.index(['organization_id', 'created_at', 'id'])
    })

    this.schema.createTable('openapi_spec_versions', (table) => {
      table.string('id', 20).primary()
      table
        .string('spec_id', 20)
        .notNullable()
        .references('id')
        .inTable('openapi_specs')
        .onDelete('CASCADE')
      // 1, 2, 3... per specification: the order of versions (newest = highest).
      table.integer('number').notNullable()
      table.string('source_url', 2048).nullable()
      table.string('format', 8).notNullable()
      // sha256 of the raw text: an upload with the same bytes as the newest version adds nothing.
      table.string('digest', 64).notNullable()
      table.text('raw', 'longtext').notNullable()
      table.text('document', 'longtext').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.unique(['spec_id', 'number'])
    })
  }

  async down() {
    this.schema.dropTable('openapi_spec_versions')
    this.schema.dropTable('openapi_specs')
  }
}
