import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Integrations published by organizations, their assets (icon, preview images), and their
 * installations: one per organization that installed it, then per space and per site of that
 * organization.
 *
 * Integration names are global (unique). Lists filter on scopes and categories with a byte-exact
 * REPLACE over their JSON text, so those stay in the row; block domains (the hosts of blocks'
 * `urlUnfurl`) get a table of their own for an exact, indexed match.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('integrations', (table) => {
      table.string('id', 20).primary()
      table.string('name', 100).notNullable().unique()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.integer('version').notNullable()
      table.string('runtime', 8).notNullable()
      table.string('title', 120).notNullable()
      table.string('description', 400).notNullable()
      table.text('summary').nullable()
      table.string('visibility', 16).notNullable()
      table.string('target', 16).notNullable()
      table.boolean('verified').notNullable().defaultTo(false)
      table.text('scopes').notNullable()
      table.text('categories').notNullable()
      table.text('blocks').notNullable()
      table.text('content_sources').notNullable()
      table.boolean('has_blocks').notNullable().defaultTo(false)
      table.boolean('has_content_sources').notNullable().defaultTo(false)
      table.text('configurations').notNullable()
      table.text('external_links').notNullable()
      // A string or a map of directive to value, as JSON.
      table.text('content_security_policy').nullable()
      // The script (at most 5 MB) and the secrets (encrypted with APP_KEY, as one JSON map).
      table.text('script', 'mediumtext').notNullable()
      table.text('secrets', 'mediumtext').nullable()
      table.boolean('has_icon').notNullable().defaultTo(false)
      table.integer('preview_count').notNullable().defaultTo(0)
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id'])
      table.index(['created_at', 'id'])
    })

    this.schema.createTable('integration_block_domains', (table) => {
      table
        .string('integration_id', 20)
        .notNullable()
        .references('id')
        .inTable('integrations')
        .onDelete('CASCADE')
      table.string('domain', 255).notNullable()
      table.primary(['integration_id', 'domain'])
      table.index(['domain'])
    })

    this.schema.createTable('integration_assets', (table) => {
      table
        .string('integration_id', 20)
        .notNullable()
        .references('id')
        .inTable('integrations')
        .onDelete('CASCADE')
      // 'icon' or 'preview-0' .. 'preview-2'.
      table.string('kind', 16).notNullable()
      table.string('content_type', 32).notNullable()
      table.text('data', 'mediumtext').notNullable()
      table.primary(['integration_id', 'kind'])
    })

    this.schema.createTable('integration_installations', (table) => {
      table.string('id', 20).primary()
      table
        .string('integration_id', 20)
        .notNullable()
        .references('id')
        .inTable('integrations')
        .onDelete('CASCADE')
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('status', 16).notNullable()
      table.string('space_selection', 16).notNullable()
      table.string('site_selection', 16).notNullable()
      table.text('configuration').notNullable()
      table.text('external_ids').notNullable()
      table.string('installed_by', 20).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.unique(['integration_id', 'organization_id'])
      table.index(['organization_id'])
      table.index(['integration_id', 'created_at', 'id'])
    })

    // Index names spelled out: the generated ones pass MySQL's 64-character limit.
    for (const [name, target, short] of [
      ['integration_space_installations', 'spaces', 'isi_space'],
      ['integration_site_installations', 'sites', 'isi_site'],
    ] as const) {
      this.schema.createTable(name, (table) => {
        table.string('id', 20).primary()
        table
          .string('installation_id', 20)
          .notNullable()
          .references('id')
          .inTable('integration_installations')
          .onDelete('CASCADE')
        table
          .string('target_id', 20)
          .notNullable()
          .references('id')
          .inTable(target)
          .onDelete('CASCADE')
        table.string('status', 16).notNullable()
        table.text('configuration').notNullable()
        table.text('external_ids').notNullable()
        table.datetime('created_at', { precision: 3 }).notNullable()
        table.datetime('updated_at', { precision: 3 }).notNullable()
        table.unique(['installation_id', 'target_id'], { indexName: `${short}_target_unique` })
        table.index(['target_id'], `${short}_target_index`)
        table.index(['installation_id', 'created_at', 'id'], `${short}_keyset_index`)
      })
    }
  }

  async down() {
    this.schema.dropTable('integration_site_installations')
    this.schema.dropTable('integration_space_installations')
    this.schema.dropTable('integration_installations')
    this.schema.dropTable('integration_assets')
    this.schema.dropTable('integration_block_domains')
    this.schema.dropTable('integrations')
  }
}
