import { BaseSchema } from '@adonisjs/lucid/schema'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import ContentStore from '#content/services/content_store'
import { splitSections } from '#content/search/sections'
import { linkPercent, listedLinks } from '#content/search/search_index_service'
import { sectionRowId, SECTION_SPAN } from '#content/search/engines'
import { chunks } from '#core/database/chunks'

/**
 * `search_sections.listed_links`: how many entries of a section's lists are a link to another
 * page and nothing else (a table of contents' entries), written at index time from the section's
 * markdown (app/content/search/sections.ts) and read by the ranking (app/content/search/engines.ts):
 * a section holding a table of contents ranks as a listing, however much prose surrounds it.
 *
 * The same version stops counting links to the page's own headings (`#anchor`: its outline) in
 * `link_share`. Rows already indexed are brought up to date here from their pages' documents in
 * each space's current revision: only documents that hold a list of links or a link to an anchor
 * are parsed, and only rows whose values change are written (a page indexed again later writes
 * the same values).
 *
 * SQLite reads the column for every hit, so it must sit before the body, as `link_share` does
 * (migration 0025): the table is rebuilt there (same rows and ids, so the external-content FTS5
 * table stays valid; its triggers are made again). MySQL/MariaDB add it in place.
 */
const FTS_COLUMNS = 'title_terms, page_terms, body_terms, scope_terms'
const TRIGGERS = ['search_sections_ai', 'search_sections_ad', 'search_sections_au']
const KEPT =
  'id, page_key, position, section_id, scope_terms, title, title_terms, page_terms, link_share'
/**
 * A list entry that starts with a link, or a link to an anchor: the documents whose sections may
 * hold table-of-contents entries or a link share that counted anchors.
 */
const CHANGED = /^[ \t>]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[|\]\(\s*<?#/m
/** Documents read and parsed per round. */
const DOCUMENTS_PER_ROUND = 50

export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
        await db.rawQuery(
          'ALTER TABLE search_sections ADD COLUMN listed_links SMALLINT NOT NULL DEFAULT 0 AFTER link_share'
        )
      } else {
        await rebuildSqlite(db, true)
      }
      await fillListedLinks(db)
    })
  }

  async down() {
    this.defer(async (db) => {
      if (db.dialect.name === 'mysql') {
        await db.rawQuery('ALTER TABLE search_sections DROP COLUMN listed_links')
        return
      }
      await rebuildSqlite(db, false)
    })
  }
}

/** The SQLite sections table made again with (`withListed`) or without `listed_links`. */
async function rebuildSqlite(db: QueryClientContract, withListed: boolean) {
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
    link_share SMALLINT NOT NULL DEFAULT 0,
    ${withListed ? 'listed_links SMALLINT NOT NULL DEFAULT 0,' : ''}
    body TEXT NOT NULL,
    body_terms TEXT NOT NULL,
    CONSTRAINT search_sections_page_key_foreign FOREIGN KEY (page_key)
      REFERENCES search_pages (id) ON DELETE CASCADE
  )`)
  await db.rawQuery(
    `INSERT INTO search_sections_next (${KEPT}, body, body_terms)
     SELECT ${KEPT}, body, body_terms FROM search_sections ORDER BY id`
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

/**
 * `listed_links` and `link_share` of the rows already indexed: each indexed page's document in its
 * space's current revision, split as the index splits it; a row (same position, same section id)
 * is written when either differs. A space whose revision cannot be read is left as it is (no
 * entries: ranked as before).
 */
async function fillListedLinks(db: QueryClientContract) {
  const store = new ContentStore()
  const spaces = await db
    .from('search_pages as p')
    .innerJoin('spaces as s', 's.id', 'p.space_id')
    .distinct('p.space_id', 's.revision_id')
  for (const space of spaces) {
    let tree
    try {
      tree = await store.readTree(db, space.space_id, space.revision_id)
    } catch {
      continue
    }
    const indexed = await db
      .from('search_pages')
      .where('space_id', space.space_id)
      .select('id', 'page_id')
    const pages = indexed.flatMap((row) => {
      const node = tree.byId.get(row.page_id)?.node
      return node?.document
        ? [{ key: Number(row.id), title: node.title, document: node.document }]
        : []
    })
    for (const round of chunks(pages, DOCUMENTS_PER_ROUND)) {
      const markdown = await store.readDocuments(
        db,
        space.space_id,
        round.map((page) => page.document)
      )
      for (const page of round) {
        const text = markdown.get(page.document)
        if (!text || !CHANGED.test(text)) continue
        const sections = splitSections(text, page.title).slice(0, SECTION_SPAN)
        for (const [position, section] of sections.entries()) {
          const entries = listedLinks(section)
          const share = linkPercent(section)
          await db
            .from('search_sections')
            .where('id', sectionRowId(page.key, position))
            .where('section_id', section.id)
            .where((row) => row.whereNot('listed_links', entries).orWhereNot('link_share', share))
            .update({ listed_links: entries, link_share: share })
        }
      }
    }
  }
}
