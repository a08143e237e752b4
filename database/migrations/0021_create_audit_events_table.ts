import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An organization's audit log: who did what to which record, from where and when. Actor and target
 * labels are captured when recorded, so the log still reads after the user or the space is gone;
 * hence no foreign keys on them. Events go with their organization.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('audit_events', (table) => {
      // A UUID: GitBook's AuditEvent ids are.
      table.string('id', 36).primary()
      table
        .string('organization_id', 20)
        .notNullable()
        .references('id')
        .inTable('organizations')
        .onDelete('CASCADE')
      table.string('action', 64).notNullable()
      // user | system
      table.string('actor_type', 16).notNullable()
      table.string('actor_id', 64).notNullable()
      table.string('actor_label', 254).nullable()
      table.string('target_type', 32).notNullable()
      table.string('target_id', 64).notNullable()
      table.string('target_label', 254).nullable()
      // ui | api | system
      table.string('source', 16).notNullable()
      table.string('ip', 64).nullable()
      table.text('payload').nullable()
      table.datetime('occurred_at', { precision: 3 }).notNullable()
      table.index(['organization_id', 'occurred_at', 'id'])
      table.index(['organization_id', 'action', 'occurred_at'])
      table.index(['organization_id', 'actor_id', 'occurred_at'])
      table.index(['organization_id', 'target_id', 'occurred_at'])
    })
  }

  async down() {
    this.schema.dropTable('audit_events')
  }
}
