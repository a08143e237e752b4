import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * `search_sections.link_share`: the share of a section's text that is link text, in whole per
 * cent (0..100), written at index time from the section's markdown (app/content/search/sections.ts)
 * and read by the ranking (app/content/search/engines.ts): mostly-link sections — tables of
 * contents, indexes, lists of related pages — rank below sections that hold the words in prose.
 * Rows already indexed get 0 (ranked as before) until their page is indexed again.
 *
 * SQLite reads the column for every hit, so it must sit before the body: a column after a long
 * body is reached through the body's overflow pages. SQLite only appends columns, so the table is
 * rebuilt there (same rows and ids, so the external-content FTS5 table stays valid; its triggers
 * are made again). MySQL/MariaDB add it in place.
 */
const FTS_COLUMNS = 'title_terms, page_terms, body_terms, scope_terms'
const TRIGGERS = ['search_sections_ai', 'search_sections_ad', 'search_sections_au']
const KEPT = 'id, page_key, position, section_id, scope_terms, title, title_terms, page_terms'

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
        await db.rawQuery(
          'ALTER TABLE search_sections ADD COLUMN link_share SMALLINT NOT NULL DEFAULT 0 AFTER page_terms'
        )
        return
      }
      await rebuildSqlite(db, true)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
        await db.rawQuery('ALTER TABLE search_sections DROP COLUMN link_share')
        return
      }
      await rebuildSqlite(db, false)
    })
  }
}

/** The SQLite sections table made again with (`withShare`) or without `link_share`. */
async function rebuildSqlite(db: QueryClientContract, withShare: boolean) {
  for (const trigger of TRIGGERS) await db.rawQuery(`DROP TRIGGER IF EXISTS ${trigger}`)
  await db.rawQuery(`CREATE TABLE search_sections_next (
    id INTEGER NOT NULL PRIMARY KEY,
    page_key INTEGER NOT NULL,
    position INTEGER NOT NULL,
    section_id VARCHAR(255) NOT NULL,
    scope_terms VARCHAR(255) NOT NULL,
    title TEXT NOT NULL,
    title_terms TEXT NOT NULL,
    page_terms TEXT NOT NULL,
    ${withShare ? 'link_share SMALLINT NOT NULL DEFAULT 0,' : ''}
    body TEXT NOT NULL,
    body_terms TEXT NOT NULL,
    CONSTRAINT search_sections_page_key_foreign FOREIGN KEY (page_key)
      REFERENCES search_pages (id) ON DELETE CASCADE
  )`)
  const share = withShare ? ', link_share' : ''
  await db.rawQuery(
    `INSERT INTO search_sections_next (${KEPT}${share}, body, body_terms)
     SELECT ${KEPT}${withShare ? ', 0' : ''}, body, body_terms FROM search_sections ORDER BY id`
  )
  await db.rawQuery('DROP TABLE search_sections')
  await db.rawQuery('ALTER TABLE search_sections_next RENAME TO search_sections')
  await db.rawQuery('CREATE INDEX search_sections_page_key_index ON search_sections (page_key)')
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
}
