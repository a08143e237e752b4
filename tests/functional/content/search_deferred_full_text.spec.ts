import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { assertAnswer } from '#tests/helpers/guards'
import { committedCallers } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import SearchIndexService, { type IndexablePage } from '#content/search/search_index_service'
import { onSqlite } from '#tests/helpers/sqlite_statements'
import { createSpace, pendingFullText } from './helpers.js'

/**
 * Sections indexed with `deferFullText` (import runs, on SQLite) get their full-text entries from
 * indexPendingFullText, outside the transaction that wrote them (migration 0028). Committed data:
 * see search.spec.ts.
 */
const { caller, cleanUp } = committedCallers()
const index = new SearchIndexService()

function page(title: string, markdown: string): IndexablePage {
  return { pageId: newId(), title, path: title.toLowerCase(), markdown, hidden: false }
}

/** FTS5's own check of its index against the sections table (throws when they differ). */
async function fullTextIntact() {
  await db.rawQuery(
    "INSERT INTO search_sections_fts (search_sections_fts, rank) VALUES ('integrity-check', 1)"
  )
}

test.group('Search: full-text entries written after the sections (SQLite)', (group) => {
  group.each.teardown(cleanUp)

  test('deferred sections are found once their entries are written, and the index stays whole', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const space = await createSpace(client, admin)
    const search = (query: string) =>
      client.get(`/v1/spaces/${space.id}/search`).qs({ query }).bearerToken(admin.token)
    const pages = [
      page('Zeppelin', '# Zeppelin\n\nAirships and quokkas.\n\n## Mooring\n\nMasts.'),
      page('Quokka', '# Quokka\n\nA marsupial.'),
    ]
    await db.transaction((trx) =>
      index.indexPages(trx, space.id, space.organization, pages, [], { deferFullText: true })
    )
    assert.isAbove(await pendingFullText(), 0)
    let response = await search('quokka')
    assertAnswer(response, 200)
    assert.lengthOf(response.body().items, 0)

    // Re-indexed and removed while pending: neither leaves an entry to delete behind.
    pages[1] = { ...pages[1], markdown: '# Quokka\n\nA small wallaby.' }
    await index.indexPages(db.connection(), space.id, space.organization, [pages[1]], [], {
      deferFullText: true,
    })
    await index.indexPages(db.connection(), space.id, space.organization, [], [pages[0].pageId])

    assert.isAbove(await index.indexPendingFullText(), 0)
    assert.equal(await pendingFullText(), 0)
    await fullTextIntact()
    response = await search('wallaby')
    assertAnswer(response, 200)
    assert.deepEqual(
      response.body().items.map((item: any) => item.title),
      ['Quokka']
    )
    response = await search('zeppelin')
    assert.lengthOf(response.body().items, 0)

    // Indexed again as any edit does: the entries are replaced at once.
    await index.indexPages(
      db.connection(),
      space.id,
      space.organization,
      [{ ...pages[1], markdown: '# Quokka\n\nA cheerful wallaby.' }],
      []
    )
    assert.equal(await pendingFullText(), 0)
    await fullTextIntact()
    response = await search('cheerful')
    assert.lengthOf(response.body().items, 1)
    assert.equal(await index.indexPendingFullText(), 0)
  }).skip(!onSqlite(), 'MySQL: InnoDB maintains its FULLTEXT index itself')

  test('a rolled back batch leaves nothing pending', async ({ client, assert }) => {
    const admin = await caller()
    const space = await createSpace(client, admin)
    await assert.rejects(() =>
      db.transaction(async (trx) => {
        await index.indexPages(trx, space.id, space.organization, [page('Gone', 'Words.')], [], {
          deferFullText: true,
        })
        throw new Error('rolled back')
      })
    )
    assert.equal(await pendingFullText(), 0)
    await fullTextIntact()
  }).skip(!onSqlite(), 'MySQL: InnoDB maintains its FULLTEXT index itself')

  test('on MySQL the option changes nothing: the sections are found at once', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const space = await createSpace(client, admin)
    await index.indexPages(
      db.connection(),
      space.id,
      space.organization,
      [page('Ocelot', 'Cats.')],
      [],
      {
        deferFullText: true,
      }
    )
    const response = await client
      .get(`/v1/spaces/${space.id}/search`)
      .qs({ query: 'ocelot' })
      .bearerToken(admin.token)
    assertAnswer(response, 200)
    assert.lengthOf(response.body().items, 1)
    assert.equal(await index.indexPendingFullText(), 0)
  }).skip(onSqlite(), 'SQLite: see the tests above')
})
