import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Collections (a tree per organization), spaces, their revisions (an empty initial one per space
 * until content exists; the content domain extends this table) and permission grants to users and
 * teams on spaces and collections.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('collections', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      // A collection with children cannot be deleted (409), so no cascade down the tree.
      table.string('parent_id', 20).nullable().references('id').inTable('collections')
      table.string('title', 50).notNullable()
      table.string('description', 100).nullable()
      table.string('default_level', 16).nullable()
      // Order among the siblings (spaces and collections of one parent share the sequence).
      table.integer('position').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'parent_id', 'position'])
      table.index(['parent_id'])
    })

    this.schema.createTable('spaces', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('parent_id', 20).nullable().references('id').inTable('collections')
      table.string('title', 50).notNullable()
      table.string('emoji', 50).nullable()
      table.string('visibility', 16).notNullable()
      table.string('edit_mode', 8).notNullable()
      table.string('default_level', 16).nullable()
      // Id of the active revision (revisions.id); no foreign key: both rows are written together.
      table.string('revision_id', 20).notNullable()
      table.integer('position').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.datetime('deleted_at', { precision: 3 }).nullable()
      table.index(['organization_id', 'position', 'id'])
      table.index(['parent_id', 'position', 'id'])
      table.index(['deleted_at'])
    })

    this.schema.createTable('revisions', (table) => {
      table.string('id', 20).primary()
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      table.string('parent_id', 20).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.index(['space_id', 'created_at'])
    })

    this.schema.createTable('content_grants', (table) => {
      table.increments('id')
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      // Exactly one of space_id / collection_id, and exactly one of user_id / team_id.
      table.string('space_id', 20).nullable().references('id').inTable('spaces').onDelete('CASCADE')
      table
        .string('collection_id', 20)
        .nullable()
        .references('id')
        .inTable('collections')
        .onDelete('CASCADE')
      table.string('user_id', 20).nullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('team_id', 20).nullable().references('id').inTable('teams').onDelete('CASCADE')
      table.string('role', 16).notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.unique(['space_id', 'user_id'])
      table.unique(['space_id', 'team_id'])
      table.unique(['collection_id', 'user_id'])
      table.unique(['collection_id', 'team_id'])
      table.index(['organization_id', 'user_id'])
      table.index(['organization_id', 'team_id'])
    })
  }

  async down() {
    this.schema.dropTable('content_grants')
    this.schema.dropTable('revisions')
    this.schema.dropTable('spaces')
    this.schema.dropTable('collections')
  }
}
