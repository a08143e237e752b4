import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Space content as immutable revisions. Page nodes, documents, file lists and revision roots are
 * content-addressed objects, stored once per space and shared by every revision holding them
 * unchanged: a revision that edits one page writes that page's node, its document and its
 * ancestors' nodes, not the whole tree. File bytes live in Drive, keyed by their sha256.
 *
 * Change requests are branches: `revision_id` is their head, `revision_initial_id` the space
 * revision they started from.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('revisions', (table) => {
      // JSON array of parent revision ids (two for merges); parent_id keeps the first.
      table.text('parents').nullable()
      table.string('type', 16).notNullable().defaultTo('edits')
      // Hash of the root object (null: the empty revision).
      table.string('root', 64).nullable()
      table.string('created_by_id', 20).nullable()
      table.string('change_request_id', 20).nullable()
    })

    this.schema.createTable('content_objects', (table) => {
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      // sha256 (hex) of kind and body.
      table.string('hash', 64).notNullable()
      // root | page | document | files
      table.string('kind', 12).notNullable()
      table.text('body', 'longtext').notNullable()
      table.primary(['space_id', 'hash'])
    })

    this.schema.createTable('change_requests', (table) => {
      table.string('id', 20).primary()
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      table.integer('number').notNullable()
      table.string('status', 16).notNullable()
      table.string('subject', 400).nullable()
      table.string('agent_task_id', 255).nullable()
      table
        .string('created_by_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('revision_id', 20).notNullable()
      table.string('revision_initial_id', 20).notNullable()
      table.string('revision_merged_ancestor_id', 20).nullable()
      table.string('revision_merged_id', 20).nullable()
      table
        .string('merged_by_id', 20)
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.datetime('merged_at', { precision: 3 }).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.unique(['space_id', 'number'])
      table.index(['space_id', 'status', 'number'])
    })

    // Who authored which revision of a change request (the `contributor` filter).
    this.schema.createTable('change_request_contributors', (table) => {
      table
        .string('change_request_id', 20)
        .notNullable()
        .references('id')
        .inTable('change_requests')
        .onDelete('CASCADE')
      table
        .string('user_id', 20)
        .notNullable()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.primary(['change_request_id', 'user_id'])
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('change_request_contributors')
    this.schema.dropTable('change_requests')
    this.schema.dropTable('content_objects')
    this.schema.alterTable('revisions', (table) => {
      table.dropColumn('parents')
      table.dropColumn('type')
      table.dropColumn('root')
      table.dropColumn('created_by_id')
      table.dropColumn('change_request_id')
    })
  }
}
