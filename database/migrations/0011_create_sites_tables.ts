import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Published sites: a site publishes site spaces (variants of spaces), at its root or organized in
 * sections, which section groups gather; share links open a `share-link` site to whoever holds
 * their key; the visitor-authentication key signs the JWTs of `visitor-auth` readers.
 *
 * Sections and section groups share one `position` sequence per site (the top level of the
 * structure mixes them); site spaces are ordered within their parent (a section, or the root).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sites', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('type', 16).notNullable()
      table.string('title', 128).notNullable()
      table.string('hostname', 512).nullable().unique()
      table.string('basename', 100).nullable()
      table.string('visibility', 16).notNullable()
      table.boolean('published').notNullable().defaultTo(false)
      table.boolean('adaptive_content').notNullable().defaultTo(false)
      table.string('agents_context', 16).notNullable()
      // "host/path..." without a scheme; null: no proxy.
      table.string('proxy', 512).nullable()
      // Defaults point into site_spaces / site_sections; kept consistent by the service (a foreign
      // key both ways would be a cycle).
      table.string('default_site_space_id', 20).nullable()
      table.string('default_site_section_id', 20).nullable()
      // Visitor authentication: the secret that signs visitor JWTs (HS256) and where to send them.
      table.string('auth_private_key', 64).notNullable()
      table.string('auth_backend', 16).notNullable()
      table.string('auth_fallback_url', 2048).nullable()
      table.string('auth_logout_url', 2048).nullable()
      // The adaptive-content JSON Schema as text; null: the empty default schema.
      table.text('adaptive_schema').nullable()
      table.datetime('adaptive_schema_updated_at', { precision: 3 }).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'created_at', 'id'])
      table.unique(['organization_id', 'basename'])
    })

    this.schema.createTable('site_section_groups', (table) => {
      table.string('id', 20).primary()
      table
        .string('site_id', 20)
        .notNullable()
        .references('id')
        .inTable('sites')
        .onDelete('CASCADE')
      table.string('title', 100).notNullable()
      table.string('icon', 50).nullable()
      table.integer('position').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['site_id', 'position', 'id'])
    })

    this.schema.createTable('site_sections', (table) => {
      table.string('id', 20).primary()
      table
        .string('site_id', 20)
        .notNullable()
        .references('id')
        .inTable('sites')
        .onDelete('CASCADE')
      table
        .string('section_group_id', 20)
        .nullable()
        .references('id')
        .inTable('site_section_groups')
        .onDelete('SET NULL')
      table.string('title', 128).notNullable()
      table.string('description', 256).nullable()
      table.string('path', 100).notNullable()
      table.string('condition', 1024).nullable()
      table.string('icon', 50).nullable()
      table.string('default_site_space_id', 20).nullable()
      table.integer('position').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.unique(['site_id', 'path'])
      table.index(['site_id', 'position', 'id'])
    })

    this.schema.createTable('site_spaces', (table) => {
      table.string('id', 20).primary()
      table
        .string('site_id', 20)
        .notNullable()
        .references('id')
        .inTable('sites')
        .onDelete('CASCADE')
      table
        .string('site_section_id', 20)
        .nullable()
        .references('id')
        .inTable('site_sections')
        .onDelete('CASCADE')
      // The section id, or '' at the root: NULLs never collide in a unique index.
      table.string('parent_key', 20).notNullable()
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      table.string('path', 100).notNullable()
      table.string('title', 128).nullable()
      table.string('condition', 1024).nullable()
      table.boolean('hidden').notNullable().defaultTo(false)
      table.integer('position').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.unique(['site_id', 'parent_key', 'path'])
      table.index(['site_id', 'parent_key', 'position', 'id'])
      table.index(['space_id'])
    })

    this.schema.createTable('site_share_links', (table) => {
      table.string('id', 20).primary()
      table
        .string('site_id', 20)
        .notNullable()
        .references('id')
        .inTable('sites')
        .onDelete('CASCADE')
      table.string('name', 50).notNullable()
      table.boolean('active').notNullable().defaultTo(true)
      // The secret a reader presents (`?share=`); random, unique across every site.
      table.string('key', 40).notNullable().unique()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['site_id', 'created_at', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('site_share_links')
    this.schema.dropTable('site_spaces')
    this.schema.dropTable('site_sections')
    this.schema.dropTable('site_section_groups')
    this.schema.dropTable('sites')
  }
}
