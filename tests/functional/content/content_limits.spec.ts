import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import { bodyOf } from '#tests/helpers/requests'
import { parsePdf } from '#tests/helpers/pdf'
import { eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import {
  insertPage,
  jsonBlock as block,
  jsonDocument as doc,
  jsonParagraph as paragraph,
  jsonText as text,
} from '#tests/helpers/fixtures_content'
import {
  deepQuote,
  emphasisRuns,
  manyLinks,
  manyReferences,
  maxHealthStall,
  nestedBrackets,
  wideTable,
  withLimitsLifted,
} from '#tests/helpers/markdown_fixtures'
import db from '@adonisjs/lucid/services/db'
import { applyChanges, countObjects, openChangeRequest } from './helpers.js'

/**
 * What `/health` may wait while a hostile request runs: generous, for a loaded CI machine (the
 * issue's target, 100 ms, is measured on a quiet run).
 */
const MAX_STALL_MS = 1000

const contentUrl = (spaceId: string, changeRequestId: string) =>
  `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`

async function postChanges(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  changes: object[]
) {
  return client
    .post(contentUrl(spaceId, changeRequestId))
    .qs({ compat: false })
    .bearerToken(caller.token)
    .json({ changes })
}

/** The JSON document of `depth` blockquotes inside one another, around a paragraph. */
function nestedQuotesDocument(depth: number) {
  let node: unknown = paragraph(text('deep'))
  for (let i = 0; i < depth; i++) node = block('blockquote', [node])
  return doc(node)
}

test.group('content limits: hostile page markdown is refused at write', (group) => {
  eachTestInTransaction(group)

  const refused: [string, () => string, string][] = [
    [
      'nested brackets (40 KB)',
      () => nestedBrackets(20_000),
      'Link/bracket nesting deeper than 32 levels',
    ],
    ['a 2,000-column table', () => wideTable(2000), 'Tables of more than 256 columns'],
    ['20,000 links', () => manyLinks(20_000), 'More than 5000 links on a page'],
    ['"> "×1500', () => deepQuote(1500), 'Blockquote/list nesting deeper than 64 levels'],
    [
      '65 nested lists',
      () => Array.from({ length: 65 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n'),
      'Blockquote/list nesting deeper than 64 levels',
    ],
    [
      'unmatched emphasis runs',
      () => emphasisRuns(8000),
      'Unmatched emphasis markers (* _ ~) over the limit of 200000 lookups',
    ],
    [
      'reference links × definitions',
      () => manyReferences(6000),
      'More than 1000 link definitions on a page',
    ],
  ]
  for (const [name, markdown, limit] of refused) {
    test(`${name}: a 400 naming the limit, nothing written, /health never stalled`, async ({
      client,
      assert,
    }) => {
      const { admin, space, changeRequest } = await openChangeRequest(client)
      const before = await countObjects(space.id)
      const source = markdown()
      const { result: response, stallMs } = await maxHealthStall(() =>
        postChanges(client, admin, space.id, changeRequest.id, [
          insertPage(source, { title: 'Hostile' }),
        ])
      )
      assertAnswer(response, 400)
      assert.include(response.body().error.message, `changes[0] (insert_page): ${limit}`)
      assert.equal(await countObjects(space.id), before)
      assert.isBelow(stallMs, MAX_STALL_MS)
    })
  }

  test('a JSON document nesting blockquotes deeper than 64 levels: a 400 naming the limit', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const response = await postChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'insert_page', title: 'Deep', document: { document: nestedQuotesDocument(70) } },
    ])
    assertAnswer(response, 400)
    assert.include(response.body().error.message, 'Blockquote/list nesting deeper than 64 levels')
  })

  test('an update to a hostile body is refused the same way; a real manual page passes', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const manual = [
      '# Guide',
      '',
      '- one',
      '  - two',
      '    1. three',
      '       > **quoted** [link](https://example.com) and snake_case_names_here',
      '',
      '| a | b |',
      '|---|---|',
      '| [x](./x.md) | *y* |',
      '',
      '```',
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[ not parsed in a fence',
      '```',
      '',
      '[ref]: https://example.com',
    ].join('\n')
    const inserted = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage(manual, { title: 'Manual' }),
    ])
    const pageId = inserted.changes[0].page.id
    const response = await postChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: pageId, document: { markdown: nestedBrackets(40) } },
    ])
    assertAnswer(response, 400)
    assert.include(response.body().error.message, 'Link/bracket nesting deeper than 32 levels')
  })
})

test.group('content limits: content stored over them reads without a 500 or a stall', (group) => {
  eachTestInTransaction(group)

  /**
   * A change request holding one page of `markdown`, written as if the limits did not exist: by a
   * version before them, which stored no JSON documents either (those of the space are removed),
   * so reads convert the markdown under the limits of now.
   */
  async function storedOverLimits(client: ApiClient, markdown: string) {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const result = await withLimitsLifted(() =>
      applyChanges(client, admin, space.id, changeRequest.id, [
        insertPage(markdown, { title: 'Stored' }),
      ])
    )
    await db.from('content_objects').where('space_id', space.id).where('kind', 'json').delete()
    const pageId: string = result.changes[0].page.id
    return { admin, space, changeRequest: result.changeRequest, pageId }
  }

  const shapes: [string, () => string][] = [
    ['"> "×1500', () => deepQuote(1500)],
    ['nested brackets', () => nestedBrackets(2000)],
    ['a 2,000-column table', () => wideTable(2000)],
  ]
  for (const [name, markdown] of shapes) {
    test(`${name}: format=document and markdown reads answer 200 fast`, async ({
      client,
      assert,
    }) => {
      const source = markdown()
      const { admin, space, changeRequest, pageId } = await storedOverLimits(client, source)
      const url = `${contentUrl(space.id, changeRequest.id)}/page/${pageId}`
      const { result: document, stallMs } = await maxHealthStall(() =>
        bodyOf(client, admin, 'get', url, { qs: { format: 'document' } })
      )
      assert.isBelow(stallMs, MAX_STALL_MS)
      // Degraded to its source as one code block: nothing lost, nothing interpreted.
      assert.equal(document.document.nodes.length, 1)
      assert.equal(document.document.nodes[0].type, 'code')
      const markdownRead = await bodyOf(client, admin, 'get', url, { qs: { format: 'markdown' } })
      assert.equal(markdownRead.markdown, source)
    })
  }

  test('"> "×1500 after merge: the space page as a document, and the PDF export', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pageId } = await storedOverLimits(client, deepQuote(1500))
    await bodyOf(
      client,
      admin,
      'post',
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`
    )
    const page = await bodyOf(
      client,
      admin,
      'get',
      `/v1/spaces/${space.id}/content/page/${pageId}`,
      {
        qs: { format: 'document' },
      }
    )
    assert.equal(page.document.nodes[0].type, 'code')

    const { url } = await bodyOf(client, admin, 'get', `/v1/spaces/${space.id}/pdf`)
    const { result, stallMs } = await maxHealthStall(async () => {
      const response = await fetch(url)
      return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
    })
    assert.equal(result.response.status, 200)
    assert.equal(result.response.headers.get('content-type'), 'application/pdf')
    const pdf = await parsePdf(result.bytes)
    // The page's source, as a code block: its text is there.
    assert.include(pdf.text, 'deep')
    assert.isBelow(stallMs, MAX_STALL_MS)
  })

  test('search indexes a stored over-deep page without failing', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await storedOverLimits(client, deepQuote(1500))
    await bodyOf(
      client,
      admin,
      'post',
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`
    )
    const response = await client
      .get(`/v1/spaces/${space.id}/search`)
      .qs({ query: 'deep' })
      .bearerToken(admin.token)
    assert.notEqual(response.status(), 500)
  })
})

test.group('content limits: long pages are read and derived in a worker thread', (group) => {
  eachTestInTransaction(group)

  /** About `kilobytes` KB of ordinary manual text: headings, paragraphs, lists, links. */
  function longManual(kilobytes: number, link: string) {
    const sections: string[] = []
    for (let i = 0, length = 0; length < kilobytes * 1024; i++) {
      const section = [
        `## Section ${i}`,
        '',
        `Paragraph ${i} with **strong** text, \`code\` and a [link](${link}).`,
        '',
        `- item ${i}.1`,
        `- item ${i}.2 [docs](https://example.com/${i})`,
        '',
      ].join('\n')
      sections.push(section)
      length += section.length + 1
    }
    return sections.join('\n')
  }

  test('a 40 KB page: front matter, title and relative links read as in place, /health free', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const body = longManual(40, './other.md')
    const source = `---\ndescription: A long one\n---\n# Long guide\n\n${body}`
    const { result: response, stallMs } = await maxHealthStall(() =>
      postChanges(client, admin, space.id, changeRequest.id, [
        insertPage('Other page', { title: 'Other', slug: 'other' }),
        insertPage(source, { title: 'Ignored' }),
      ])
    )
    assertAnswer(response, 200)
    assert.isBelow(stallMs, MAX_STALL_MS)
    const [other, long] = response.body().changes.map((change: any) => change.page.id)
    const url = `${contentUrl(space.id, changeRequest.id)}/page/${long}`
    const page = await bodyOf(client, admin, 'get', url, {
      qs: { 'format': 'markdown', 'format.markdown.refs': 'stable' },
    })
    assert.equal(page.title, 'Long guide')
    assert.equal(page.description, 'A long one')
    // The relative link now names the page by id; nothing else changed.
    assert.equal(page.markdown, body.replaceAll('](./other.md)', `](/pages/${other})`))

    // Stored without its JSON document (imported, or written by an older version): the first
    // read converts it, in a worker thread, to what the converter gives in place, and stores it.
    await db.from('content_objects').where('space_id', space.id).where('kind', 'json').delete()
    const { result: document, stallMs: readStallMs } = await maxHealthStall(() =>
      bodyOf(client, admin, 'get', url, { qs: { format: 'document' } })
    )
    assert.isBelow(readStallMs, MAX_STALL_MS)
    assert.equal(document.document.nodes[0].type, 'heading-2')
    const serialized = JSON.stringify(document.document)
    assert.include(serialized, `"page":"${other}"`)
    assert.notInclude(serialized, 'other.md')
    const { markdownToDocument } = await import('#content/markdown/document')
    const [json] = await db
      .from('content_objects')
      .where('space_id', space.id)
      .where('kind', 'json')
      .select('body')
    assert.deepEqual(JSON.parse(json.body), markdownToDocument(page.markdown))
  })

  test('over a limit or with broken front matter: the 400 the parse in place gives', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const before = await countObjects(space.id)
    const filler = longManual(20, 'https://example.com')
    const nested = Array.from({ length: 65 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')
    const overLimit = await postChanges(client, admin, space.id, changeRequest.id, [
      insertPage(`${filler}\n\n${nested}\n`, { title: 'Deep' }),
    ])
    assertAnswer(overLimit, 400)
    assert.include(
      overLimit.body().error.message,
      'changes[0] (insert_page): Blockquote/list nesting deeper than 64 levels'
    )
    const badYaml = await postChanges(client, admin, space.id, changeRequest.id, [
      insertPage(`---\ntitle: [unclosed\n---\n${filler}`, { title: 'Broken' }),
    ])
    assertAnswer(badYaml, 400)
    assert.include(
      badYaml.body().error.message,
      'changes[0] (insert_page): The front matter is not valid YAML'
    )
    assert.equal(await countObjects(space.id), before)
  })
})
