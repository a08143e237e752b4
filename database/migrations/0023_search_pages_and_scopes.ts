import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The search index restricted by space and organization inside the full-text index, and ranked by
 * page without reading wide rows (see app/content/search/engines.ts and the README's design note):
 *
 * - `search_pages`: one row per indexed page (its title, path and description, shown with results);
 *   its `id` is the page's key in the index.
 * - `search_sections`: one row per section of an indexed page, `id` = page key × 2^20 + position,
 *   so a section's page is its id shifted right by 20 bits, and a page's sections are in order.
 *   `scope_terms` holds the section's space and organization as tokens (`s_` and `o_` + the id's
 *   bytes in hex), searched together with the words. Hidden pages are not indexed at all.
 * - SQLite: the external-content FTS5 table `search_sections_fts` over title, page title, body and
 *   scope terms (in that order: bm25 weighs them 10, 3, 1 and 0), and `search_sections_vocab`,
 *   its terms (fts5vocab). MySQL/MariaDB: one FULLTEXT index
 *   over scope, title, page title, body and `rank_terms` (the title's terms 9 times more and the
 *   page title's twice more, so that one relevance weighs title, page title and body 10, 3, 1).
 *
 * Rows of migration 0009's table are carried over (their hidden rows dropped).
 */
const SECTION_SPAN = 1_048_576

const FTS_COLUMNS = 'title_terms, page_terms, body_terms, scope_terms'

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') return
      for (const trigger of ['search_sections_ai', 'search_sections_ad', 'search_sections_au']) {
        await db.rawQuery(`DROP TRIGGER IF EXISTS ${trigger}`)
      }
      await db.rawQuery('DROP TABLE IF EXISTS search_sections_fts')
      // SQLite index names are global: free them for the new table.
      await db.rawQuery('DROP INDEX IF EXISTS search_sections_space_id_page_id_index')
      await db.rawQuery('DROP INDEX IF EXISTS search_sections_organization_id_index')
    })
    this.defer((db) => db.rawQuery('ALTER TABLE search_sections RENAME TO search_sections_0009'))

    this.schema.createTable('search_pages', (table) => {
      table.bigIncrements('id')
      table
        .string('space_id', 20)
        .notNullable()
        .references('id')
        .inTable('spaces')
        .onDelete('CASCADE')
      table.string('organization_id', 20).notNullable()
      table.string('page_id', 64).notNullable()
      table.text('title').notNullable()
      table.text('path').notNullable()
      table.text('description').notNullable()
      table.unique(['space_id', 'page_id'])
    })
    this.defer(async (db) => {
      const mysql = db.dialect.name === 'mysql'
      await db.rawQuery(createSections(mysql))
      if (!mysql) {
        await db.rawQuery(
          'CREATE INDEX search_sections_page_key_index ON search_sections (page_key)'
        )
      }
      await copyFrom0009(db)
    })
    this.schema.dropTable('search_sections_0009')
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
        await db.rawQuery(
          `ALTER TABLE search_sections ADD FULLTEXT INDEX search_sections_ft (${FTS_COLUMNS}, rank_terms)`
        )
        return
      }
      await createFts(db)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') return
      for (const trigger of ['search_sections_ai', 'search_sections_ad', 'search_sections_au']) {
        await db.rawQuery(`DROP TRIGGER IF EXISTS ${trigger}`)
      }
      await db.rawQuery('DROP TABLE IF EXISTS search_sections_vocab')
      await db.rawQuery('DROP TABLE IF EXISTS search_sections_fts')
      await db.rawQuery('DROP INDEX IF EXISTS search_sections_page_key_index')
    })
    this.defer((db) => db.rawQuery('ALTER TABLE search_sections RENAME TO search_sections_0023'))
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
      await db.rawQuery(
        `INSERT INTO search_sections (space_id, organization_id, page_id, section_id, position,
           page_title, page_path, page_description, section_title, body, hidden, title_terms,
           page_terms, body_terms)
         SELECT p.space_id, p.organization_id, p.page_id, s.section_id, s.position, p.title, p.path,
           p.description, s.title, s.body, ?, s.title_terms, s.page_terms, s.body_terms
         FROM search_sections_0023 s INNER JOIN search_pages p ON p.id = s.page_key
         ORDER BY s.id`,
        [false]
      )
    })
    this.schema.dropTable('search_sections_0023')
    this.schema.dropTable('search_pages')
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
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
      await db.rawQuery("INSERT INTO search_sections_fts (search_sections_fts) VALUES ('rebuild')")
    })
  }
}

/**
 * The sections table. Its id is given by the application (page key × 2^20 + position): an
 * `INTEGER PRIMARY KEY` on SQLite (the rowid, which FTS5 returns without reading the row), a
 * BIGINT on MySQL. Short columns first, so SQLite reads terms without the body's overflow pages.
 */
function createSections(mysql: boolean): string {
  const big = mysql ? 'MEDIUMTEXT' : 'TEXT'
  return `CREATE TABLE search_sections (
    id ${mysql ? 'BIGINT UNSIGNED NOT NULL PRIMARY KEY' : 'INTEGER NOT NULL PRIMARY KEY'},
    page_key ${mysql ? 'BIGINT UNSIGNED' : 'INTEGER'} NOT NULL,
    position INTEGER NOT NULL,
    section_id VARCHAR(255) NOT NULL,
    scope_terms VARCHAR(255) NOT NULL,
    title TEXT NOT NULL,
    title_terms TEXT NOT NULL,
    page_terms TEXT NOT NULL,
    ${mysql ? 'rank_terms MEDIUMTEXT NOT NULL,' : ''}
    body ${big} NOT NULL,
    body_terms ${big} NOT NULL,
    ${mysql ? 'KEY search_sections_page_key_index (page_key),' : ''}
    CONSTRAINT search_sections_page_key_foreign FOREIGN KEY (page_key)
      REFERENCES search_pages (id) ON DELETE CASCADE
  )${mysql ? ' ENGINE=InnoDB' : ''}`
}

/**
 * The external-content FTS5 table and the triggers that keep it in step with `search_sections`,
 * filled from the rows already there.
 */
async function createFts(db: QueryClientContract) {
  // Token characters as the terms writer emits them (letters, digits and combining marks), and
  // `_` for scope tokens.
  await db.rawQuery(`
    CREATE VIRTUAL TABLE search_sections_fts USING fts5(
      ${FTS_COLUMNS},
      content='search_sections', content_rowid='id',
      tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*' tokenchars '_'"
    )`)
  const values = (row: string) =>
    FTS_COLUMNS.split(', ')
      .map((column) => `${row}.${column}`)
      .join(', ')
  await db.rawQuery(`
    CREATE TRIGGER search_sections_ai AFTER INSERT ON search_sections BEGIN
      INSERT INTO search_sections_fts (rowid, ${FTS_COLUMNS}) VALUES (new.id, ${values('new')});
    END`)
  await db.rawQuery(`
    CREATE TRIGGER search_sections_ad AFTER DELETE ON search_sections BEGIN
      INSERT INTO search_sections_fts (search_sections_fts, rowid, ${FTS_COLUMNS})
        VALUES ('delete', old.id, ${values('old')});
    END`)
  await db.rawQuery(`
    CREATE TRIGGER search_sections_au AFTER UPDATE OF ${FTS_COLUMNS} ON search_sections BEGIN
      INSERT INTO search_sections_fts (search_sections_fts, rowid, ${FTS_COLUMNS})
        VALUES ('delete', old.id, ${values('old')});
      INSERT INTO search_sections_fts (rowid, ${FTS_COLUMNS}) VALUES (new.id, ${values('new')});
    END`)
  await db.rawQuery("INSERT INTO search_sections_fts (search_sections_fts) VALUES ('rebuild')")
  // The index's terms, read to tell whether a prefix stands for one term only.
  await db.rawQuery(
    "CREATE VIRTUAL TABLE search_sections_vocab USING fts5vocab(search_sections_fts, 'instance')"
  )
}

/**
 * Pages and sections of migration 0009's table, hidden rows left out. The scope tokens are built
 * by SQL exactly as app/content/search/terms.ts builds them (`s_`/`o_` + lower-case hex of the
 * id's bytes; CONCAT, HEX and LOWER mean the same on SQLite 3.44+ and MySQL).
 */
async function copyFrom0009(db: QueryClientContract) {
  const mysql = db.dialect.name === 'mysql'
  await db.rawQuery(
    `INSERT INTO search_pages (space_id, organization_id, page_id, title, path, description)
     SELECT space_id, MIN(organization_id), page_id, MIN(page_title), MIN(page_path), MIN(page_description)
     FROM search_sections_0009 WHERE hidden = ? GROUP BY space_id, page_id ORDER BY MIN(id)`,
    [false]
  )
  const rankTerms = mysql
    ? ", CONCAT(REPEAT(CONCAT(o.title_terms, ' '), 9), REPEAT(CONCAT(o.page_terms, ' '), 2))"
    : ''
  await db.rawQuery(
    `INSERT INTO search_sections (id, page_key, position, section_id, scope_terms, title,
       title_terms, page_terms${mysql ? ', rank_terms' : ''}, body, body_terms)
     SELECT p.id * ${SECTION_SPAN} + o.position, p.id, o.position, o.section_id,
       CONCAT('s_', LOWER(HEX(p.space_id)), ' o_', LOWER(HEX(p.organization_id))),
       o.section_title, o.title_terms, o.page_terms${rankTerms}, o.body, o.body_terms
     FROM search_sections_0009 o
     INNER JOIN search_pages p ON p.space_id = o.space_id AND p.page_id = o.page_id
     WHERE o.hidden = ? AND o.position < ${SECTION_SPAN}`,
    [false]
  )
}
