import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `access_versions`: one row whose `version` goes up whenever a transaction that wrote a table
 * deciding who may read what (memberships, collections, grants, teams) commits on MySQL/MariaDB
 * (#core/database/prepared_statements). A process may then keep the answer of an access read for
 * as long as the version it was read with is the current one (#core/database/access_answers).
 * SQLite has its own signal (`PRAGMA data_version`) and leaves the row at 0.
 */
export default class extends BaseSchema {
  protected tableName = 'access_versions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.integer('id').primary()
      table.bigInteger('version').notNullable().defaultTo(0)
    })
    this.defer(async (db) => {
      await db.table(this.tableName).insert({ id: 1, version: 0 })
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
