import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * SQLite: section rows whose full-text entries are written later (`search_fts_pending`).
 *
 * FTS5 flushes its pending terms at every statement of a transaction and merges its segments, so
 * the COMMIT of a transaction that indexed thousands of sections wrote megabytes of rewritten
 * pages while the event loop waited (150 ms at 5,000 imported pages). An import run now writes its
 * section rows with their ids listed here, and their full-text entries afterwards, in small
 * transactions of their own (SearchIndexService.indexPendingFullText). The triggers that keep the
 * external-content FTS5 table in step with `search_sections` skip a pending row (it has no entry
 * to delete or replace yet) and forget its id when the row goes.
 *
 * MySQL/MariaDB: nothing (InnoDB maintains its FULLTEXT index, and a COMMIT there does not hold
 * the event loop).
 */
const FTS_COLUMNS = 'title_terms, page_terms, body_terms, scope_terms'
const TRIGGERS = ['search_sections_ai', 'search_sections_ad', 'search_sections_au']

function values(row: string) {
  return FTS_COLUMNS.split(', ')
    .map((column) => `${row}.${column}`)
    .join(', ')
}

const notPending = (row: string) =>
  `NOT EXISTS (SELECT 1 FROM search_fts_pending WHERE id = ${row}.id)`

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') return
      await db.rawQuery('CREATE TABLE search_fts_pending (id INTEGER NOT NULL PRIMARY KEY)')
      for (const trigger of TRIGGERS) await db.rawQuery(`DROP TRIGGER IF EXISTS ${trigger}`)
      await db.rawQuery(`
        CREATE TRIGGER search_sections_ai AFTER INSERT ON search_sections BEGIN
          INSERT INTO search_sections_fts (rowid, ${FTS_COLUMNS})
            SELECT new.id, ${values('new')} WHERE ${notPending('new')};
        END`)
      await db.rawQuery(`
        CREATE TRIGGER search_sections_ad AFTER DELETE ON search_sections BEGIN
          INSERT INTO search_sections_fts (search_sections_fts, rowid, ${FTS_COLUMNS})
            SELECT 'delete', old.id, ${values('old')} WHERE ${notPending('old')};
          DELETE FROM search_fts_pending WHERE id = old.id;
        END`)
      await db.rawQuery(`
        CREATE TRIGGER search_sections_au AFTER UPDATE OF ${FTS_COLUMNS} ON search_sections BEGIN
          INSERT INTO search_sections_fts (search_sections_fts, rowid, ${FTS_COLUMNS})
            SELECT 'delete', old.id, ${values('old')} WHERE ${notPending('old')};
          INSERT INTO search_sections_fts (rowid, ${FTS_COLUMNS})
            SELECT new.id, ${values('new')} WHERE ${notPending('new')};
        END`)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') return
      await indexPending(db)
      for (const trigger of TRIGGERS) await db.rawQuery(`DROP TRIGGER IF EXISTS ${trigger}`)
      await db.rawQuery('DROP TABLE search_fts_pending')
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
    })
  }
}

/** The full-text entries of the rows still pending, written before the table goes. */
async function indexPending(db: QueryClientContract) {
  await db.rawQuery(
    `INSERT INTO search_sections_fts (rowid, ${FTS_COLUMNS})
     SELECT s.id, ${values('s')} FROM search_sections s
     WHERE s.id IN (SELECT id FROM search_fts_pending)`
  )
}
