import { test } from '@japa/runner'
import { authorSpace } from '#tests/helpers/authoring'
import { committedCallers } from '#tests/helpers/callers'
import { highlight } from '#console/serializers/search_props'
import { parseQuery } from '#content/search/terms'
import { createSpace } from '../content/helpers.js'
import { ConsoleVisitor } from './console_visitor.js'

/*
 * Not in a global transaction: the search index (MySQL's FULLTEXT) sees committed rows only.
 * Everything made here is deleted after each test.
 */
const { caller, cleanUp } = committedCallers()

type Piece = { text: string; mark: boolean }
const marked = (pieces: Piece[]) => pieces.filter((piece) => piece.mark).map((piece) => piece.text)
const text = (pieces: Piece[]) => pieces.map((piece) => piece.text).join('')

test.group('Console search', (group) => {
  group.each.teardown(cleanUp)

  test('a space and its organization find pages, the searched words marked', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const space = await createSpace(client, admin, { title: 'Handbook' })
    const other = await createSpace(client, admin, { title: 'Runbook' })
    const authored = await authorSpace(admin.user.id, space.id, [
      {
        operation: 'insert_page',
        document: {
          markdown:
            '# Airships\n\nThe Zeppelin flies over <b>Zürich</b>.\n\n## Landing\n\nA zeppelin lands slowly.\n',
        },
      },
      { operation: 'insert_page', document: { markdown: '# Boats\n\nNothing here.\n' } },
    ])
    const airshipsId = authored.revision.pages[0].node.id
    await authorSpace(admin.user.id, other.id, [
      { operation: 'insert_page', document: { markdown: '# Hangar\n\nWhere zeppelins sleep.\n' } },
    ])

    // The space's search: the page, its console URL, its sections with the words marked.
    const found = await visitor.page(`/console/spaces/${space.id}/search?query=zeppelin`)
    assert.equal(found.status, 200)
    assert.equal(found.component, 'search/space')
    assert.deepEqual(found.props.search, {
      action: `/console/spaces/${space.id}/search`,
      query: 'zeppelin',
      error: null,
    })
    assert.equal(found.props.results.count, 1)
    const [hit] = found.props.results.hits
    assert.equal(hit.url, `/console/spaces/${space.id}/pages/${airshipsId}`)
    assert.equal(text(hit.title), 'Airships')
    assert.equal(hit.path, 'airships')
    const snippets = hit.sections.map((section: any) => section.snippet)
    assert.deepEqual(snippets.flatMap(marked), ['Zeppelin', 'zeppelin'])
    // The markup of the page is text in the snippet, never HTML.
    assert.include(text(snippets[0]), 'Zürich')
    assert.notInclude(text(snippets[0]), '<b>')
    const landing = hit.sections.find((section: any) => section.id === 'landing')
    assert.equal(landing.url, `${hit.url}#landing`)
    assert.equal(await visitor.status(hit.url), 200)

    // Diacritics and case as the index sees them; no match is an empty list.
    const zurich = await visitor.page(`/console/spaces/${space.id}/search?query=ZURICH`)
    assert.deepEqual(
      zurich.props.results.hits[0].sections[0].snippet.filter((p: Piece) => p.mark),
      [{ text: 'Zürich', mark: true }]
    )
    const none = await visitor.page(`/console/spaces/${space.id}/search?query=submarine`)
    assert.deepEqual(none.props.results.hits, [])
    assert.equal(none.props.results.count, 0)

    // Before a search: the box only.
    const empty = await visitor.page(`/console/spaces/${space.id}/search`)
    assert.isNull(empty.props.results)

    // The organization's search: both spaces, each hit with its space.
    const everywhere = await visitor.page(
      `/console/orgs/${admin.organizationId}/search?query=zeppelin`
    )
    assert.equal(everywhere.component, 'search/organization')
    assert.equal(everywhere.props.results.count, 2)
    assert.sameMembers(
      everywhere.props.results.hits.map((h: any) => h.spaceTitle),
      ['Handbook', 'Runbook']
    )
    // "zeppelins" matches by prefix, and is marked whole.
    const hangar = everywhere.props.results.hits.find((h: any) => h.spaceTitle === 'Runbook')
    assert.deepEqual(
      hangar.sections.flatMap((s: any) => marked(s.snippet)),
      ['zeppelins']
    )
  })

  test("another organization's content is never found", async ({ client, assert }) => {
    const admin = await caller()
    const outsider = await caller()
    const space = await createSpace(client, admin)
    await authorSpace(admin.user.id, space.id, [
      { operation: 'insert_page', document: { markdown: '# Secret\n\nThe quokka plan.\n' } },
    ])
    const stranger = await ConsoleVisitor.of(client, outsider.user.id)
    // Their own organization holds no quokka.
    const own = await stranger.page(`/console/orgs/${outsider.organizationId}/search?query=quokka`)
    assert.equal(own.status, 200)
    assert.deepEqual(own.props.results.hits, [])
    // The other organization and its space are not found at all.
    for (const path of [
      `/console/orgs/${admin.organizationId}/search?query=quokka`,
      `/console/spaces/${space.id}/search?query=quokka`,
      `/console/spaces/unknownspace/search?query=quokka`,
    ]) {
      const page = await stranger.page(path)
      assert.equal(page.status, 404, path)
      assert.equal(page.component, 'errors/not_found', path)
      assert.notInclude(JSON.stringify(page.props), 'quokka plan')
    }
  })

  test('an over-long query is refused with a clear message', async ({ client, assert }) => {
    const admin = await caller()
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const space = await createSpace(client, admin)
    const long = 'é'.repeat(513)
    for (const path of [
      `/console/spaces/${space.id}/search?query=${encodeURIComponent(long)}`,
      `/console/orgs/${admin.organizationId}/search?query=${encodeURIComponent(long)}`,
    ]) {
      const page = await visitor.page(path)
      assert.equal(page.status, 200)
      assert.equal(page.props.search.error, 'The search is too long: use at most 512 characters.')
      assert.equal(page.props.search.query, long)
      assert.isNull(page.props.results)
    }
    // 512 characters (code points) are searched.
    const bound = await visitor.page(
      `/console/spaces/${space.id}/search?query=${encodeURIComponent('é'.repeat(512))}`
    )
    assert.isNull(bound.props.search.error)
    assert.deepEqual(bound.props.results.hits, [])
    // A cursor that is not one of ours: a refusal page, not an error.
    const badCursor = await visitor.page(`/console/spaces/${space.id}/search?query=x&page=nonsense`)
    assert.equal(badCursor.status, 400)
    assert.equal(badCursor.component, 'errors/error')
  })

  test('results come 20 a page, with the way to the next and back to the first', async ({
    client,
    assert,
  }) => {
    const admin = await caller()
    const visitor = await ConsoleVisitor.of(client, admin.user.id)
    const space = await createSpace(client, admin)
    await authorSpace(
      admin.user.id,
      space.id,
      Array.from({ length: 21 }, (_, index) => ({
        operation: 'insert_page',
        document: { markdown: `# Kestrel ${index + 1}\n\nA kestrel hovers.\n` },
      }))
    )
    const first = await visitor.page(`/console/spaces/${space.id}/search?query=kestrel`)
    const results = first.props.results
    assert.equal(results.count, 21)
    assert.lengthOf(results.hits, 20)
    assert.equal(results.firstRank, 1)
    assert.isNull(results.firstUrl)
    assert.match(
      results.nextUrl,
      new RegExp(`^/console/spaces/${space.id}/search\\?query=kestrel&page=`)
    )
    const second = await visitor.page(results.nextUrl)
    assert.lengthOf(second.props.results.hits, 1)
    assert.equal(second.props.results.firstRank, 21)
    assert.isNull(second.props.results.nextUrl)
    assert.equal(second.props.results.firstUrl, `/console/spaces/${space.id}/search?query=kestrel`)
    const seen = new Set([...results.hits, ...second.props.results.hits].map((hit: any) => hit.id))
    assert.equal(seen.size, 21)
  })

  test('marking follows the index: whole words, prefixes, CJK runs', async ({ assert }) => {
    const marks = (body: string, query: string) =>
      marked(highlight(body, parseQuery(query).needles))
    assert.deepEqual(marks('Install the installer; reinstall.', 'install'), [
      'Install',
      'installer',
    ])
    assert.deepEqual(marks('A cat and a category', 'a'), ['A', 'a'])
    assert.deepEqual(marks('Un café à Zürich', 'cafe zurich'), ['café', 'Zürich'])
    assert.deepEqual(marks('東京都の地図です', '東京'), ['東京'])
    assert.equal(text(highlight('<b>x</b> & y', ['x'])), '<b>x</b> & y')
  })
})
