import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Where a space's pages used to be: the old path of every page a revision moved or renamed (its
 * descendants included), so a published site can redirect an old link to the page's new path.
 *
 * Page paths have no length bound (slugs up to 100 characters, nesting unbounded), and a utf8mb4
 * unique index must fit 3072 bytes on MySQL: the key is the path's sha256, the path is kept as text.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('page_former_paths', (table) => {
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      // sha256 (hex) of `path`.
      table.string('path_hash', 64).notNullable()
      table.text('path').notNullable()
      table.string('page_id', 64).notNullable()
      table.datetime('updated_at', { precision: 3 }).notNullable()
      table.primary(['space_id', 'path_hash'])
    })
  }

  async down() {
    this.schema.dropTable('page_former_paths')
  }
}
