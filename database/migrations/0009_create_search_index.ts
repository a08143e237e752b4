import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The full-text search index of page content: one row per section of a page of a space's current
 * revision (see app/content/search). `title_terms`, `page_terms` and `body_terms` hold the
 * searchable rendition written by app/content/search/terms.ts (space-separated tokens); the engine
 * only matches whole tokens and ranks. SQLite indexes them with an external-content FTS5 table kept in
 * step by triggers; MySQL/MariaDB with InnoDB FULLTEXT indexes (one over the three columns to
 * filter, one per column to weigh titles above bodies).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('search_sections', (table) => {
      table.increments('id')
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      table.string('organization_id', 20).notNullable()
      table.string('page_id', 64).notNullable()
      // Anchor of the section's heading; '' for the text before the first heading.
      table.string('section_id', 255).notNullable()
      table.integer('position').notNullable()
      table.text('page_title').notNullable()
      table.text('page_path').notNullable()
      table.text('page_description').notNullable()
      table.text('section_title').notNullable()
      table.text('body', 'mediumtext').notNullable()
      table.boolean('hidden').notNullable()
      table.text('title_terms').notNullable()
      table.text('page_terms').notNullable()
      table.text('body_terms', 'mediumtext').notNullable()
      table.index(['space_id', 'page_id'])
      table.index(['organization_id'])
    })

    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
        // InnoDB builds one FULLTEXT index per statement.
        for (const [name, columns] of [
          ['search_sections_terms_ft', 'title_terms, page_terms, body_terms'],
          ['search_sections_title_ft', 'title_terms'],
          ['search_sections_page_ft', 'page_terms'],
          ['search_sections_body_ft', 'body_terms'],
        ]) {
          await db.rawQuery(`ALTER TABLE search_sections ADD FULLTEXT INDEX ${name} (${columns})`)
        }
        return
      }
      // Token characters as the terms writer emits them (letters, digits and combining marks).
      await db.rawQuery(`
        CREATE VIRTUAL TABLE search_sections_fts USING fts5(
          title_terms, page_terms, body_terms,
          content='search_sections', content_rowid='id',
          tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'"
        )`)
      await db.rawQuery(`
        CREATE TRIGGER search_sections_ai AFTER INSERT ON search_sections BEGIN
          INSERT INTO search_sections_fts (rowid, title_terms, page_terms, body_terms)
            VALUES (new.id, new.title_terms, new.page_terms, new.body_terms);
        END`)
      await db.rawQuery(`
        CREATE TRIGGER search_sections_ad AFTER DELETE ON search_sections BEGIN
          INSERT INTO search_sections_fts (search_sections_fts, rowid, title_terms, page_terms, body_terms)
            VALUES ('delete', old.id, old.title_terms, old.page_terms, old.body_terms);
        END`)
      await db.rawQuery(`
        CREATE TRIGGER search_sections_au AFTER UPDATE OF title_terms, page_terms, body_terms ON search_sections BEGIN
          INSERT INTO search_sections_fts (search_sections_fts, rowid, title_terms, page_terms, body_terms)
            VALUES ('delete', old.id, old.title_terms, old.page_terms, old.body_terms);
          INSERT INTO search_sections_fts (rowid, title_terms, page_terms, body_terms)
            VALUES (new.id, new.title_terms, new.page_terms, new.body_terms);
        END`)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name !== 'mysql') {
        for (const trigger of ['search_sections_ai', 'search_sections_ad', 'search_sections_au']) {
          await db.rawQuery(`DROP TRIGGER IF EXISTS ${trigger}`)
        }
        await db.rawQuery('DROP TABLE IF EXISTS search_sections_fts')
      }
    })
    this.schema.dropTable('search_sections')
  }
}
