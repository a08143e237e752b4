import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Translation settings and SAML single sign-on: providers, the AuthnRequests Bindery issued (checked
 * against InResponseTo) and the assertion ids already consumed (replay protection). Requests and
 * assertions live in the database, not in process memory, so any process may receive the response.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('translation_settings', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('title', 100).notNullable()
      // JSON array of language codes, as text on both engines.
      table.text('languages').notNullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'created_at', 'id'])
    })

    this.schema.createTable('saml_providers', (table) => {
      table.string('id', 20).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('label', 30).notNullable()
      // The identity provider's settings; null until configured (the provider is `pending`).
      table.string('entity_id', 1024).nullable()
      table.text('certificate').nullable()
      table.string('sso_url', 2048).nullable()
      table
        .string('default_team_id', 20)
        .nullable()
        .references('id')
        .inTable('teams')
        .onDelete('SET NULL')
      // null = guest.
      table.string('default_role', 16).nullable()
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'created_at', 'id'])
    })

    this.schema.createTable('saml_requests', (table) => {
      // The AuthnRequest's ID attribute.
      table.string('id', 128).primary()
      table
        .string('saml_provider_id', 20)
        .notNullable()
        .references('id')
        .inTable('saml_providers')
        .onDelete('CASCADE')
      table.datetime('created_at', { precision: 3 }).notNullable()
      table.datetime('expires_at', { precision: 3 }).notNullable()
      table.index(['expires_at'])
    })

    this.schema.createTable('saml_assertions', (table) => {
      table.increments('id')
      table
        .string('saml_provider_id', 20)
        .notNullable()
        .references('id')
        .inTable('saml_providers')
        .onDelete('CASCADE')
      table.string('assertion_id', 255).notNullable()
      table.datetime('expires_at', { precision: 3 }).notNullable()
      table.unique(['saml_provider_id', 'assertion_id'])
      table.index(['expires_at'])
    })
  }

  async down() {
    this.schema.dropTable('saml_assertions')
    this.schema.dropTable('saml_requests')
    this.schema.dropTable('saml_providers')
    this.schema.dropTable('translation_settings')
  }
}
