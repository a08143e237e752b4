import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Website imports run in the background (GitBook's ContentImportRun): where from (`source_url`),
 * into what (a space, or one of its change requests), who started it, its status and counts as the
 * crawl goes, its errors (JSON list of `{url, reason}`, bounded), the revision it ended with, and
 * the job (core `jobs` table) that executes it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('import_runs', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      table.string('change_request_id', 20).nullable()
      table.string('created_by_id', 20).nullable()
      table.string('source_url', 2048).notNullable()
      // pending | in-progress | completed | failed | cancelled
      table.string('status', 16).notNullable()
      table.text('reason').nullable()
      table.integer('total_resources').notNullable().defaultTo(0)
      table.integer('imported_resources').notNullable().defaultTo(0)
      table.integer('failed_resources').notNullable().defaultTo(0)
      table.text('errors', 'mediumtext').nullable()
      table.string('revision_id', 20).nullable()
      table.string('job_id', 20).nullable()
      table.datetime('started_at', { precision: 3 }).nullable()
      table.datetime('completed_at', { precision: 3 }).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'created_at', 'id'])
      table.index(['space_id', 'created_at', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('import_runs')
  }
}
