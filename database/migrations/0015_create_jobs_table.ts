import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Background jobs (core's JobRunner): one row per job is the record on every back end (the embedded
 * poller and BullMQ alike). A runner claims a row by moving it to `running` with a lease
 * (`locked_until`); a row left `running` past its lease belonged to a process that died and is
 * claimed again.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('jobs', (table) => {
      table.string('id', 20).primary()
      table.string('name', 191).notNullable()
      table.text('payload', 'mediumtext').notNullable()
      // pending | running | succeeded | failed
      table.string('status', 16).notNullable()
      table.integer('attempts').notNullable().defaultTo(0)
      table.integer('max_attempts').notNullable()
      table.datetime('run_at', { precision: 3 }).notNullable()
      table.datetime('locked_until', { precision: 3 }).nullable()
      // Which claim holds the lease: a runner only finishes a job it still holds.
      table.string('locked_by', 40).nullable()
      table.text('last_error').nullable()
      table.datetime('finished_at', { precision: 3 }).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['status', 'run_at'])
      table.index(['status', 'locked_until'])
    })
  }

  async down() {
    this.schema.dropTable('jobs')
  }
}
