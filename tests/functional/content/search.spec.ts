import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { committedCallers, type Caller } from '#tests/helpers/callers'
import { newId } from '#core/ids'
import SearchIndexService, { type IndexablePage } from '#content/search/search_index_service'
import { indexTerms, scopeToken } from '#content/search/terms'
import { createSpace } from '../spaces/helpers.js'

/**
 * Search tests commit their data: InnoDB FULLTEXT indexes see committed rows only, so these tests
 * cannot run inside the global transaction the other suites use. Every organization and user a
 * test makes is recorded and deleted after it (spaces first: their collection links do not
 * cascade on MySQL).
 */
const { caller, cleanUp } = committedCallers()

const index = new SearchIndexService()

function page(title: string, markdown: string, extra: Partial<IndexablePage> = {}): IndexablePage {
  return {
    pageId: newId(),
    title,
    path: title.toLowerCase().replace(/\s+/g, '-'),
    markdown,
    hidden: false,
    ...extra,
  }
}

async function indexSpace(space: { id: string; organization: string }, pages: IndexablePage[]) {
  await index.indexPages(db.connection(), space.id, space.organization, pages, [])
  return pages
}

/** A new admin (deleted after the test) and a space of theirs. */
async function adminSpace(client: ApiClient, options: { title?: string } = {}) {
  const admin = await caller()
  const space = await createSpace(client, admin, options)
  return { admin, space, url: `/v1/spaces/${space.id}/search` }
}

/** `adminSpace` with `pages` indexed in the space. */
async function indexedSpace(client: ApiClient, pages: IndexablePage[]) {
  const { admin, space, url } = await adminSpace(client)
  return { admin, space, url, pages: await indexSpace(space, pages) }
}

/** GET `path` with the query string `qs`, as the caller with `token`. */
function ask(client: ApiClient, token: string, path: string, qs: Record<string, unknown>) {
  return client.get(path).qs(qs).bearerToken(token)
}

async function search(client: ApiClient, who: Caller, path: string, qs: Record<string, unknown>) {
  const response = await ask(client, who.token, path, qs)
  assertAnswer(response, 200)
  return response.body()
}

const titles = (body: any) => body.items.map((item: any) => item.title)

test.group('GET /v1/spaces/{spaceId}/search', (group) => {
  group.each.teardown(cleanUp)

  test('{name}')
    .with([
      {
        name: 'every word must match; the page matching more of them in titles comes first',
        pages: [
          [
            'Install',
            'Intro.\n\n## Linux\n\nUse the package manager.\n\n## Windows\n\nRun the installer.',
          ],
          ['Linux install notes', 'Some words.'],
          ['Linux only', 'Nothing else.'],
        ],
        found: { 'linux install': ['Linux install notes', 'Install'] },
      },
      {
        name: 'Chinese and Japanese text is found by two-character words',
        pages: [
          ['中文文档', '这是一个中文搜索引擎的说明。'],
          ['日本語', '全文検索のテストです。\n\n## 設定\n\nサーバーを設定します。'],
          ['English', 'Plain English text.'],
        ],
        found: {
          中文: ['中文文档'],
          搜索引擎: ['中文文档'],
          検索: ['日本語'],
          サーバー: ['日本語'],
          検: ['日本語'],
          英語: [],
          設定: ['日本語'],
        },
      },
      {
        name: 'short words, stopwords, diacritics and word prefixes are found',
        pages: [
          ['Go', 'How to write Go and JS with a café.'],
          ['Documentation', 'The documentation of everything.'],
          ['Other', 'Python only.'],
        ],
        found: {
          'go': ['Go'],
          'JS': ['Go'],
          'how to': ['Go'],
          'cafe': ['Go'],
          'CAFÉ': ['Go'],
          'docum': ['Documentation'],
          'docum ': [],
        },
      },
    ])
    .run(async ({ client, assert }, row) => {
      const { admin, url } = await indexedSpace(
        client,
        row.pages.map(([title, markdown]) => page(title, markdown))
      )
      for (const [query, expected] of Object.entries(row.found)) {
        const body = await search(client, admin, url, { query })
        assert.deepEqual(titles(body), expected, query)
        // A hit in a Japanese section links to that section.
        if (query !== '設定') continue
        assert.equal(body.items[0].sections[0].id, '設定')
        assert.equal(body.items[0].sections[0].path, '日本語#設定')
        assert.include(body.items[0].sections[0].urls.app, encodeURIComponent('設定'))
      }
    })

  test('the last word is also a prefix, whether or not the index holds longer words', async ({
    client,
    assert,
  }) => {
    const { admin, url } = await indexedSpace(client, [
      page('Ferry', 'A ferry crosses.'),
      page('Ferries', 'Two ferryboats cross.'),
      page('Tugboat', 'A tugboat pulls.'),
    ])
    const found = async (query: string) => {
      const body = await search(client, admin, url, { query })
      return titles(body).sort()
    }
    assert.deepEqual(await found('ferry'), ['Ferries', 'Ferry'])
    assert.deepEqual(await found('ferry '), ['Ferry'])
    assert.deepEqual(await found('ferr'), ['Ferries', 'Ferry'])
    // A prefix that is one word only ranks as that word does.
    const prefix = await search(client, admin, url, { query: 'tugboat' })
    const word = await search(client, admin, url, { query: 'tugboat ' })
    assert.deepEqual(prefix.items, word.items)
    assert.deepEqual(await found('tugboats'), [])
  })

  test('pages ranked by their best section: title hits above body hits', async ({
    client,
    assert,
  }) => {
    const { admin, url } = await indexedSpace(client, [
      page(
        'Reference',
        'A long page that mentions deployment once among many other words of prose.'
      ),
      page('Deployment', 'How to ship it.'),
      page('Operations', 'Intro.\n\n## Deployment checklist\n\nSteps to follow.'),
      page('Unrelated', 'Nothing to see.'),
    ])
    const body = await search(client, admin, url, {
      query: 'deployment',
    })
    assert.deepEqual(titles(body), ['Deployment', 'Operations', 'Reference'])
    assert.equal(body.count, 3)
    assert.notProperty(body, 'next')
    const scores = body.items.map((item: any) => item.score)
    assert.isAbove(scores[0], scores[2])
    assert.isAbove(scores[1], scores[2])
    assert.deepEqual(
      body.items.map((item: any) => item.rank),
      [1, 2, 3]
    )
  })

  test('pages of mostly links rank below pages whose title or a heading holds the words', async ({
    client,
    assert,
  }) => {
    const links = (titlesListed: string[]) =>
      titlesListed.map((title) => `- [${title}](${title.toLowerCase().replaceAll(' ', '-')})`)
    const listed = [
      'Configuring widgets',
      'Widgets in operations',
      'Removing widgets',
      'Widgets API',
    ]
    // Pages without the word: its weight is the one of a word of a few pages, not of every page.
    const filler = Array.from({ length: 12 }, (_, n) =>
      page(`Chapter ${n + 1}`, `Gears, levers and pulleys of chapter ${n + 1}.`)
    )
    const { admin, url } = await indexedSpace(client, [
      // A table of contents titled with the word, an index and a contents page listing it.
      page('Widgets', ['The widget pages.', ...links(listed)].join('\n')),
      page('Index', links([...listed, 'Widgets FAQ', 'Widgets glossary']).join('\n')),
      page('Contents', ['Everything here.', '## Widgets', links(listed).join('\n')].join('\n\n')),
      page('Reference', 'A page of prose that mentions widgets once among other words of text.'),
      page('Operations', 'Intro.\n\n## Widgets\n\nThe panel shows charts, gauges and counters.'),
      page('Configuring widgets', 'Open the settings, choose a panel and save it.'),
      ...filler,
    ])
    const body = await search(client, admin, url, { query: 'widgets' })
    assert.equal(body.count, 6)
    // Title, then heading, then the table of contents titled with the word, then the prose that
    // mentions it; the lists of links last.
    assert.deepEqual(titles(body).slice(0, 4), [
      'Configuring widgets',
      'Operations',
      'Widgets',
      'Reference',
    ])
    assert.sameMembers(titles(body).slice(4), ['Index', 'Contents'])
    const scores = body.items.map((item: any) => item.score)
    assert.isAbove(scores[3], scores[4])
  })

  test('an index page with a table of contents amid prose ranks below the pages titled with the words', async ({
    client,
    assert,
  }) => {
    const listed = [
      'Configuring widgets',
      'Removing widgets',
      'Gauges',
      'Counters',
      'Charts',
      'Alerts',
    ]
    const prose = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `Widgets show what the panel measures, sentence ${i + 1} of the overview.`
      ).join(' ')
    const filler = Array.from({ length: 12 }, (_, n) =>
      page(`Chapter ${n + 1}`, `Gears, levers and pulleys of chapter ${n + 1}.`)
    )
    const { admin, url } = await indexedSpace(client, [
      // A part's index page: titled with the word, its table of contents within more prose than
      // links (its link share alone would call it prose), and a heading that holds the word.
      page(
        'Part 2: Widgets',
        [
          prose(4),
          listed.map((title) => `- [${title}](/pages/${title.replaceAll(' ', '-')})`).join('\n'),
          prose(4),
          '## Widgets in depth',
          'How the panel draws them.',
        ].join('\n\n')
      ),
      page('Configuring widgets', 'Open the settings, choose a panel and save it.'),
      // A page's own outline (links to its headings) is no table of contents of other pages.
      page(
        'Removing widgets',
        [
          Array.from({ length: 8 }, (_, n) => `- [Step ${n + 1}](#step-${n + 1})`).join('\n'),
          ...Array.from({ length: 8 }, (_, n) => `## Step ${n + 1}\n\nClick the button.`),
        ].join('\n\n')
      ),
      page('Operations', 'Intro.\n\n## Widgets\n\nThe panel shows charts, gauges and counters.'),
      page('Reference', 'A page of prose that mentions widgets once among other words of text.'),
      ...filler,
    ])
    const body = await search(client, admin, url, { query: 'widgets' })
    assert.equal(body.count, 5)
    // The pages titled with the word, then the headings that hold it (the index page's among
    // them, its title placing it no higher), then the passing mention.
    assert.sameMembers(titles(body).slice(0, 2), ['Configuring widgets', 'Removing widgets'])
    assert.sameMembers(titles(body).slice(2, 4), ['Operations', 'Part 2: Widgets'])
    assert.equal(titles(body)[4], 'Reference')
    const part = body.items.find((item: any) => item.title === 'Part 2: Widgets')
    assert.equal(part.sections[0].id, 'widgets-in-depth')
    const scores = body.items.map((item: any) => item.score)
    assert.isAbove(scores[1], scores[2])
    assert.isAbove(scores[3], scores[4])
  })

  test('sections are split per heading with their ids, paths, urls and excerpts', async ({
    client,
    assert,
  }) => {
    const { admin, space, url, pages } = await indexedSpace(client, [
      page(
        'Getting started',
        'Welcome to the kernel guide.\n\n# Install the kernel\n\nDownload the kernel tarball.\n\n## Configure\n\nEdit the kernel options.\n\n## Unrelated\n\nOther text.',
        { path: 'guides/getting-started', description: 'First steps' }
      ),
    ])
    const [guide] = pages
    const body = await search(client, admin, url, { query: 'kernel' })
    assert.lengthOf(body.items, 1)
    const [hit] = body.items
    assert.equal(hit.id, guide.pageId)
    assert.equal(hit.path, 'guides/getting-started')
    assert.equal(hit.description, 'First steps')
    assert.match(hit.urls.app, new RegExp(`/console/spaces/${space.id}/pages/${guide.pageId}$`))
    const sections = Object.fromEntries(hit.sections.map((s: any) => [s.id, s]))
    assert.sameMembers(Object.keys(sections), ['', 'install-the-kernel', 'configure'])
    assert.equal(hit.sections[0].id, 'install-the-kernel')
    assert.equal(sections['install-the-kernel'].title, 'Install the kernel')
    assert.equal(sections['install-the-kernel'].path, 'guides/getting-started#install-the-kernel')
    assert.equal(sections['install-the-kernel'].urls.app, `${hit.urls.app}#install-the-kernel`)
    assert.equal(sections['install-the-kernel'].body, 'Download the kernel tarball.')
    assert.equal(sections[''].title, 'Getting started')
    assert.equal(sections[''].path, 'guides/getting-started')
    assert.equal(sections['configure'].body, 'Edit the kernel options.')
  })

  test('hidden pages never appear; reindexing replaces a page and removal forgets it', async ({
    client,
    assert,
  }) => {
    const { admin, space, url, pages } = await indexedSpace(client, [
      page('Visible', 'The zebra page.'),
      page('Secret', 'Another zebra page.', { hidden: true }),
    ])
    const [visible, hidden] = pages
    assert.deepEqual(titles(await search(client, admin, url, { query: 'zebra' })), ['Visible'])

    await index.indexPages(
      db.connection(),
      space.id,
      space.organization,
      [
        { ...visible, markdown: 'Now about giraffes.' },
        { ...hidden, hidden: false },
      ],
      []
    )
    assert.deepEqual(titles(await search(client, admin, url, { query: 'zebra' })), ['Secret'])
    assert.deepEqual(titles(await search(client, admin, url, { query: 'giraffes' })), ['Visible'])

    await index.indexPages(db.connection(), space.id, space.organization, [], [hidden.pageId])
    assert.deepEqual(titles(await search(client, admin, url, { query: 'zebra' })), [])
    await index.removeSpace(db.connection(), space.id)
    const gone = await search(client, admin, url, { query: 'giraffes' })
    assert.deepEqual(titles(gone), [])
    // The full-text index forgot the sections too (the pages' deletion cascades to them).
    assert.equal(gone.count, 0)
  })

  test('hostile queries are text: always 200', async ({ client, assert }) => {
    const { admin, space, url } = await indexedSpace(client, [
      page('Tables', 'How to drop a table safely.'),
    ])
    const queries = [
      '"',
      '"unterminated',
      '*',
      'tab*',
      '-table',
      '+table',
      'drop AND table',
      'drop OR table',
      'NEAR(drop table)',
      '(table',
      "'; DROP TABLE spaces; --",
      'title:table',
      '^table',
      '@@@',
      '~table <drop >x',
      '😀',
      '😀 table',
      '\uD800',
      'a'.repeat(84) + ' ' + 'b'.repeat(200),
      '%00',
      '\\',
    ]
    for (const query of queries) {
      const body = await search(client, admin, url, { query })
      assert.isArray(body.items, query)
    }
    const sql = await search(client, admin, url, {
      query: "'; DROP TABLE spaces; --",
    })
    assert.lengthOf(sql.items, 0)
    const words = await search(client, admin, url, {
      query: '"drop" -table',
    })
    assert.deepEqual(titles(words), ['Tables'])
    // Invalid UTF-8 in the URL itself.
    const raw = await client
      .get(`/v1/spaces/${space.id}/search?query=%ED%A0%80%F0%9F`)
      .bearerToken(admin.token)
    assertAnswer(raw, 200)
  })

  test('query and limit are validated', async ({ client, assert }) => {
    const { admin, url } = await adminSpace(client)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'query'],
      [{ query: '' }, 'query'],
      [{ query: 'a'.repeat(513) }, 'query'],
      [{ query: 'x', limit: 1001 }, 'limit'],
      [{ query: 'x', limit: 0 }, 'limit'],
      [{ query: 'x', page: 'not-a-cursor' }, 'page'],
    ]
    for (const [qs, field] of cases) {
      const response = await ask(client, admin.token, url, qs)
      assertAnswer(response, 400)
      assert.include(response.body().error.message, field)
    }
    const twice = await client.get(`${url}?query=a&query=b`).bearerToken(admin.token)
    twice.assertStatus(400)
    // 512 characters counted as code points: 512 emoji are 1024 UTF-16 units.
    await search(client, admin, url, { query: '😀'.repeat(512) })
    await search(client, admin, url, { query: 'a'.repeat(512) })
    await search(client, admin, url, { query: 'x', limit: 1000 })
  })

  test('cursor pagination walks every result once, in rank order', async ({ client, assert }) => {
    const { admin, url, pages } = await indexedSpace(
      client,
      Array.from({ length: 7 }, (_, i) =>
        page(`Page ${i}`, `${'filler '.repeat(i)}unicorn ${'unicorn '.repeat(i % 3)}`)
      )
    )
    const all = await search(client, admin, url, { query: 'unicorn' })
    assert.equal(all.count, 7)
    const seen: any[] = []
    let cursor: string | undefined
    do {
      const body = await search(client, admin, url, {
        query: 'unicorn',
        limit: 3,
        ...(cursor ? { page: cursor } : {}),
      })
      assert.equal(body.count, 7)
      assert.isAtMost(body.items.length, 3)
      seen.push(...body.items)
      cursor = body.next?.page
    } while (cursor)
    assert.deepEqual(
      seen.map((item) => item.id),
      all.items.map((item: any) => item.id)
    )
    assert.sameMembers(
      seen.map((item) => item.id),
      pages.map((p) => p.pageId)
    )
    assert.deepEqual(
      seen.map((item) => item.rank),
      [1, 2, 3, 4, 5, 6, 7]
    )
  })

  test("the index restricts by space: other spaces' pages never match nor count, however many", async ({
    client,
    assert,
  }) => {
    const { admin, url } = await indexedSpace(client, [
      page('Walrus colony', 'Where they live.'),
      page('Feeding', 'What a walrus eats.'),
    ])
    const neighbour = await adminSpace(client)
    await indexSpace(
      neighbour.space,
      Array.from({ length: 40 }, (_, i) => page(`Walrus ${i}`, 'Walrus walrus walrus.'))
    )
    const body = await search(client, admin, url, { query: 'walrus', limit: 1 })
    assert.equal(body.count, 2)
    assert.deepEqual(titles(body), ['Walrus colony'])
    const rest = await search(client, admin, url, { query: 'walrus', page: body.next.page })
    assert.deepEqual(titles(rest), ['Feeding'])
    assert.notProperty(rest, 'next')
    // Not even a space id written as a query reaches the index's scope column.
    const token = scopeToken('space', neighbour.space.id)
    for (const query of [token, token.replace('_', ' '), token.slice(0, 6)]) {
      assert.deepEqual(titles(await search(client, admin, url, { query })), [], query)
    }
  })

  test('count counts pages; a page shows its five best sections, best first', async ({
    client,
    assert,
  }) => {
    const headings = Array.from({ length: 7 }, (_, i) => `## Part ${i}\n\nAn otter here.`)
    const { admin, url } = await indexedSpace(client, [
      page('Rivers', `Intro.\n\n${headings.join('\n\n')}\n\n## Otter habits\n\nSleep.`),
      page('Lakes', 'An otter swims.'),
    ])
    const body = await search(client, admin, url, { query: 'otter' })
    assert.equal(body.count, 2)
    assert.deepEqual(titles(body), ['Rivers', 'Lakes'])
    const [rivers] = body.items
    assert.lengthOf(rivers.sections, 5)
    assert.equal(rivers.sections[0].id, 'otter-habits')
    // Equal scores: in the page's order.
    assert.deepEqual(
      rivers.sections.slice(1).map((section: any) => section.id),
      ['part-0', 'part-1', 'part-2', 'part-3']
    )
  })

  test('a long section is tokenized in a worker thread, to the terms made in place', async ({
    client,
    assert,
  }) => {
    const filler = 'Herons wade in shallow water and wait for fish. '.repeat(400)
    const { admin, url, space } = await indexedSpace(client, [
      page('Long', `Intro.\n\n## Wading\n\n${filler}Then a kingfisher dives.`),
    ])
    assert.deepEqual(titles(await search(client, admin, url, { query: 'kingfisher' })), ['Long'])
    const [row] = await db
      .from('search_sections as s')
      .innerJoin('search_pages as p', 'p.id', 's.page_key')
      .where('p.space_id', space.id)
      .where('s.section_id', 'wading')
      .select('s.body', 's.body_terms')
    assert.isAtLeast(row.body.length, 8000)
    assert.equal(row.body_terms, indexTerms(row.body))
  })

  test('re-indexing writes the sections that changed: edits, removals, titles and paths', async ({
    client,
    assert,
  }) => {
    const { admin, space, url, pages } = await indexedSpace(client, [
      page('Birds', 'About birds.\n\n## Heron\n\nA heron waits.\n\n## Stork\n\nA stork flies.'),
    ])
    const [birds] = pages
    const rows = async () =>
      db
        .from('search_sections as s')
        .innerJoin('search_pages as p', 'p.id', 's.page_key')
        .where('p.space_id', space.id)
        .orderBy('s.id')
        .select('s.id', 's.section_id', 's.body', 'p.path')
    const first = await rows()
    assert.deepEqual(
      first.map((row) => row.section_id),
      ['', 'heron', 'stork']
    )
    await index.indexPages(
      db.connection(),
      space.id,
      space.organization,
      [{ ...birds, markdown: 'About birds.\n\n## Heron\n\nA heron fishes.' }],
      []
    )
    const second = await rows()
    assert.deepEqual(
      second.map((row) => [row.id, row.section_id, row.body]),
      [
        [first[0].id, '', 'About birds.'],
        [first[1].id, 'heron', 'A heron fishes.'],
      ]
    )
    assert.deepEqual(titles(await search(client, admin, url, { query: 'stork' })), [])
    assert.deepEqual(titles(await search(client, admin, url, { query: 'fishes' })), ['Birds'])
    // Without markdown: only the page's path and description follow.
    await index.indexPages(
      db.connection(),
      space.id,
      space.organization,
      [{ pageId: birds.pageId, title: birds.title, path: 'animals/birds', hidden: false }],
      []
    )
    const moved = await search(client, admin, url, { query: 'heron' })
    assert.equal(moved.items[0].path, 'animals/birds')
    assert.equal(moved.items[0].sections[0].path, 'animals/birds#heron')
    // A new title: found by it, in the title tier.
    await index.indexPages(
      db.connection(),
      space.id,
      space.organization,
      [{ ...birds, title: 'Waders', markdown: 'About birds.\n\n## Heron\n\nA heron fishes.' }],
      []
    )
    assert.deepEqual(titles(await search(client, admin, url, { query: 'waders' })), ['Waders'])
  })

  test('a wrong token is 401; a space the caller cannot read is 404', async ({ client }) => {
    const { admin, url } = await adminSpace(client)
    const stranger = await caller()
    assertAnswer(await ask(client, 'nope', url, { query: 'x' }), 401)
    assertAnswer(await ask(client, stranger.token, url, { query: 'x' }), 404)
    const unknown = await ask(client, admin.token, `/v1/spaces/${newId()}/search`, { query: 'x' })
    unknown.assertStatus(404)
  })
})

test.group('GET /v1/orgs/{organizationId}/search', (group) => {
  group.each.teardown(cleanUp)

  test('deleted spaces never appear; limit and cursor count pages', async ({ client, assert }) => {
    const { admin, space: kept } = await adminSpace(client, { title: 'Kept' })
    const org = admin.organizationId
    const gone = await createSpace(client, admin, { title: 'Gone' })
    await indexSpace(kept, [
      page('Walrus one', 'x'),
      page('Walrus two', 'y'),
      page('Three', 'walrus'),
    ])
    await indexSpace(gone, [page('Walrus', 'z')])
    const url = `/v1/orgs/${org}/search`
    const { count } = await search(client, admin, url, { query: 'walrus' })
    assert.equal(count, 4)

    const deleted = await client.delete(`/v1/spaces/${gone.id}`).bearerToken(admin.token)
    deleted.assertStatus(205)
    const first = await search(client, admin, url, { query: 'walrus', limit: 2 })
    assert.equal(first.count, 3)
    assert.deepEqual(titles(first), ['Kept'])
    assert.lengthOf(first.items[0].pages, 2)
    const second = await search(client, admin, url, {
      query: 'walrus',
      limit: 2,
      page: first.next.page,
    })
    assert.lengthOf(second.items[0].pages, 1)
    assert.equal(second.items[0].pages[0].rank, 3)
    assert.notProperty(second, 'next')
    assert.deepEqual(second.items[0].pages[0].title, 'Three')

    assertAnswer(await ask(client, admin.token, url, { query: 'w'.repeat(513) }), 400)
    const unauthorized = await ask(client, 'bad', url, { query: 'walrus' })
    unauthorized.assertStatus(401)
  })

  test('results from every readable space, grouped by space; guests see what is granted to them', async ({
    client,
    assert,
  }) => {
    const { admin, space: handbook } = await adminSpace(client, { title: 'Handbook' })
    const org = admin.organizationId
    const member = await caller({ organizationId: org, role: 'read' })
    const guest = await caller({ organizationId: org, role: null })
    const outsider = await caller()
    const manual = await createSpace(client, admin, { title: 'Manual' })
    const foreign = await createSpace(client, outsider, { title: 'Foreign' })
    await indexSpace(handbook, [
      page('Onboarding', 'Welcome aboard, penguin.'),
      page('Penguin policy', 'Rules.'),
    ])
    await indexSpace(manual, [page('Birds', 'The penguin cannot fly.')])
    await indexSpace(foreign, [page('Penguin facts', 'Penguins everywhere.')])

    const url = `/v1/orgs/${org}/search`
    const forAdmin = await search(client, admin, url, { query: 'penguin' })
    assert.deepEqual(titles(forAdmin), ['Handbook', 'Manual'])
    assert.deepEqual(
      forAdmin.items[0].pages.map((p: any) => p.title),
      ['Penguin policy', 'Onboarding']
    )
    assert.equal(forAdmin.items[0].type, 'space')
    assert.equal(forAdmin.count, 3)
    // Grouped by space, in the order of each space's best page; ranks stay global.
    assert.sameMembers(
      forAdmin.items.flatMap((s: any) => s.pages.map((p: any) => p.rank)),
      [1, 2, 3]
    )
    assert.equal(forAdmin.items[0].pages[0].rank, 1)

    assert.deepEqual(titles(await search(client, member, url, { query: 'penguin' })), [
      'Handbook',
      'Manual',
    ])
    assert.deepEqual(titles(await search(client, guest, url, { query: 'penguin' })), [])

    const grant = await client
      .post(`/v1/spaces/${manual.id}/permissions`)
      .bearerToken(admin.token)
      .json({ role: 'read', users: [guest.user.id] })
    grant.assertStatus(204)
    assert.deepEqual(titles(await search(client, guest, url, { query: 'penguin' })), ['Manual'])

    const spaceSearch = await ask(client, guest.token, `/v1/spaces/${handbook.id}/search`, {
      query: 'penguin',
    })
    spaceSearch.assertStatus(404)

    assertAnswer(await ask(client, outsider.token, url, { query: 'penguin' }), 404)
    // The outsider's own organization never shows this one's spaces, and the other way round.
    const own = await search(client, outsider, `/v1/orgs/${outsider.organizationId}/search`, {
      query: 'penguin',
    })
    assert.deepEqual(titles(own), ['Foreign'])
  })

  test('deleted spaces are left out, whether the organization has fewer or more of them than live ones', async ({
    client,
    assert,
  }) => {
    const { admin, space: first } = await adminSpace(client, { title: 'Heron 1' })
    const org = admin.organizationId
    const spaces = [first]
    for (let i = 2; i <= 5; i++)
      spaces.push(await createSpace(client, admin, { title: `Heron ${i}` }))
    for (const space of spaces) await indexSpace(space, [page(`Heron of ${space.id}`, 'A heron.')])
    const url = `/v1/orgs/${org}/search`
    const counted = async () => {
      const body = await search(client, admin, url, { query: 'heron' })
      return body.count
    }
    // Every space readable; then fewer readable than not, either way round; then one.
    assert.equal(await counted(), 5)
    for (const [space, left] of [
      [spaces[4], 4],
      [spaces[3], 3],
      [spaces[2], 2],
      [spaces[1], 1],
    ] as const) {
      const deleted = await client.delete(`/v1/spaces/${space.id}`).bearerToken(admin.token)
      deleted.assertStatus(205)
      const body = await search(client, admin, url, { query: 'heron', limit: 10 })
      assert.equal(body.count, left)
      assert.sameMembers(
        titles(body),
        spaces.slice(0, left).map((s) => `Heron ${spaces.indexOf(s) + 1}`)
      )
    }
  })

  test('a space moved to another organization is searched there', async ({ client, assert }) => {
    const { admin, space } = await adminSpace(client, { title: 'Traveller' })
    const second = await caller({ email: admin.email, org: 'Second org' })
    await indexSpace(space, [page('Suitcase', 'Packing list.')])
    const transfer = await client
      .post(`/v1/spaces/${space.id}/transfer`)
      .bearerToken(admin.token)
      .json({ organization: second.organizationId })
    transfer.assertStatus(200)
    await index.moveSpace(db.connection(), space.id, second.organizationId)
    const row = await db
      .from('search_pages')
      .where('space_id', space.id)
      .select('organization_id')
      .first()
    assert.equal(row.organization_id, second.organizationId)
    assert.deepEqual(
      titles(
        await search(client, admin, `/v1/orgs/${admin.organizationId}/search`, {
          query: 'suitcase',
        })
      ),
      []
    )
    assert.deepEqual(
      titles(
        await search(client, admin, `/v1/orgs/${second.organizationId}/search`, {
          query: 'suitcase',
        })
      ),
      ['Traveller']
    )
  })
})

test.group('Search follows the space current revision', (group) => {
  group.each.teardown(cleanUp)

  async function author(admin: Caller, spaceId: string, changes: Record<string, unknown>[]) {
    const { default: app } = await import('@adonisjs/core/services/app')
    const { default: AuthoringService } = await import('#content/services/authoring_service')
    const { default: SpaceAccessService } = await import('#spaces/services/space_access_service')
    const access = await new SpaceAccessService().spaceFor(admin.user.id, spaceId)
    const authoring = await app.container.make(AuthoringService)
    return authoring.applyToSpace(admin.user, access, changes as any)
  }

  test('authored, edited, hidden, deleted and duplicated pages are found as they are now', async ({
    client,
    assert,
  }) => {
    const { admin, space, url } = await adminSpace(client)
    const first = await author(admin, space.id, [
      {
        operation: 'insert_page',
        ref: 'guide',
        document: { markdown: '# Guide\n\n## Kubernetes\n\nDeploy with helm charts.\n' },
      },
      {
        operation: 'insert_page',
        into: 'guide',
        document: { markdown: '# Nested\n\nThe helm values file.\n' },
      },
      {
        operation: 'insert_page',
        document: { markdown: '# 検索について\n\n日本語の文章を検索できます。\n' },
      },
    ])
    const guide = first.revision.pages[0]
    const nested = guide.children[0]

    let body = await search(client, admin, url, { query: 'helm' })
    assert.sameMembers(titles(body), ['Guide', 'Nested'])
    const hit = body.items.find((item: any) => item.title === 'Guide')
    assert.equal(hit.sections[0].id, 'kubernetes')
    assert.equal(hit.sections[0].path, 'guide#kubernetes')
    assert.deepEqual(titles(await search(client, admin, url, { query: '検索' })), ['検索について'])

    await author(admin, space.id, [
      {
        operation: 'update_page',
        page: guide.node.id,
        slug: 'handbook',
        document: { markdown: 'Now about terraform.\n' },
      },
    ])
    body = await search(client, admin, url, { query: 'helm' })
    assert.deepEqual(titles(body), ['Nested'])
    assert.equal(body.items[0].path, 'handbook/nested', 'a renamed parent moves its children')
    assert.deepEqual(titles(await search(client, admin, url, { query: 'terraform' })), ['Guide'])

    await author(admin, space.id, [{ operation: 'update_page', page: guide.node.id, hidden: true }])
    assert.deepEqual(
      titles(await search(client, admin, url, { query: 'helm' })),
      [],
      'hidden with its subtree'
    )
    await author(admin, space.id, [
      { operation: 'update_page', page: guide.node.id, hidden: false },
    ])
    assert.deepEqual(titles(await search(client, admin, url, { query: 'helm' })), ['Nested'])

    const duplicate = await client.post(`/v1/spaces/${space.id}/duplicate`).bearerToken(admin.token)
    duplicate.assertStatus(201)
    assert.deepEqual(
      titles(
        await search(client, admin, `/v1/spaces/${duplicate.body().id}/search`, { query: 'helm' })
      ),
      ['Nested']
    )

    await author(admin, space.id, [{ operation: 'delete_page', page: guide.node.id }])
    assert.deepEqual(titles(await search(client, admin, url, { query: 'helm' })), [])
    void nested
  })
})

test.group('Search token guards', (group) => {
  group.each.teardown(cleanUp)

  test('no token or a wrong one is 401; a token without the scope GitBook names is 403', async ({
    client,
  }) => {
    const { assertTokenGuards } = await import('#tests/helpers/guards')
    const { admin, url } = await adminSpace(client)
    await assertTokenGuards(admin.user, [
      {
        send: () => client.get(url).qs({ query: 'x' }),
        scope: 'space:read',
      },
      {
        send: () => client.get(`/v1/orgs/${admin.organizationId}/search`).qs({ query: 'x' }),
        scope: 'organization:search',
      },
    ])
  })
})
