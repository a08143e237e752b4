import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import type { ApiClient } from '@japa/api-client'
import { eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { validateSchema } from '#tests/helpers/contract'
import {
  insertPage,
  insertPngs,
  jsonBlock as block,
  jsonDocument as doc,
  jsonImages,
  jsonLinkRefs as refs,
  jsonParagraph as paragraph,
  jsonText as text,
  jsonTexts as texts,
} from '#tests/helpers/fixtures_content'
import { applyChanges, openChangeRequest, writtenState } from './helpers.js'

/**
 * A change request holding the page `Target` (with a `## Setup` section) and the file `logo.png`,
 * inserted by one batch: what the JSON documents of the tests link to.
 */
async function linkTargets(client: ApiClient) {
  const { admin, space, changeRequest } = await openChangeRequest(client)
  const inserted = await applyChanges(client, admin, space.id, changeRequest.id, [
    insertPage('## Setup\n\nHere.\n', { ref: 'target', title: 'Target' }),
    insertPngs('logo.png'),
  ])
  const targetId: string = inserted.changes[0].page.id
  const fileId: string = inserted.insertedFiles[0].id
  return { admin, space, changeRequest, targetId, fileId }
}

function linkTo(ref: Record<string, string>, label: string) {
  return { object: 'inline', type: 'link', data: { ref }, isVoid: false, nodes: [text(label)] }
}

const pageUrl = (spaceId: string, changeRequestId: string, pageId: string) =>
  `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content/page/${pageId}`

async function read(
  client: ApiClient,
  caller: Caller,
  url: string,
  format: 'markdown' | 'document'
) {
  // Stored links as they are: `/pages/<id>`, `/files/<id>`.
  const response = await client
    .get(url)
    .qs({ 'format': format, 'format.markdown.refs': 'stable' })
    .bearerToken(caller.token)
  assertAnswer(response, 200)
  return response.body()
}

test.group('authoring batches: GitBook JSON documents', (group) => {
  eachTestInTransaction(group)

  test('insert and update pages with JSON documents, read back as markdown and as documents', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, targetId, fileId } = await linkTargets(client)

    const document = doc(
      // A leading heading-1 of a JSON document is content: only `title` sets the title.
      block('heading-1', [text('Overview')]),
      paragraph(
        text('Read '),
        linkTo({ kind: 'page', page: targetId }, 'the target'),
        text(', its '),
        linkTo({ kind: 'anchor', page: targetId, anchor: 'setup' }, 'setup'),
        text(' and '),
        linkTo({ kind: 'file', file: fileId }, 'the logo'),
        text('. Stars: *not* '),
        text('bold', 'bold'),
        text('.')
      ),
      block('list-unordered', [block('list-item', [paragraph(text('# one'))])]),
      block('code', [block('code-line', [text('npm test')])], { syntax: 'sh' })
    )
    validateSchema('JSONDocument', document)
    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'insert_page', title: 'From JSON', document: { document } },
    ])
    const pageId = result.changes[0].page.id
    const url = pageUrl(space.id, result.changeRequest.id, pageId)

    const asMarkdown = await read(client, admin, url, 'markdown')
    assert.equal(asMarkdown.title, 'From JSON')
    assert.equal(asMarkdown.slug, 'from-json')
    assert.equal(
      asMarkdown.markdown,
      `# Overview\n\nRead [the target](/pages/${targetId}), its [setup](/pages/${targetId}#setup) and [the logo](/files/${fileId}). Stars: \\*not\\* **bold**.\n\n- \\# one\n\n\`\`\`sh\nnpm test\n\`\`\`\n`
    )

    const asDocument = await read(client, admin, url, 'document')
    assert.equal(asDocument.document.object, 'document')
    assert.deepEqual(
      asDocument.document.nodes.map((node: any) => node.type),
      ['heading-1', 'paragraph', 'list-unordered', 'code']
    )
    assert.equal(texts(asDocument.document), texts(document))
    assert.deepEqual(refs(asDocument.document), [
      { kind: 'page', page: targetId },
      { kind: 'anchor', anchor: 'setup', page: targetId },
      { kind: 'file', file: fileId },
    ])

    // update_page with a JSON document replaces the body and keeps the title unless `title` is sent.
    const updated = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: pageId,
        document: {
          document: doc(block('heading-1', [text('New heading')]), paragraph(text('Replaced.'))),
        },
      },
    ])
    assert.equal(updated.changeRequest.id, changeRequest.id)
    const afterUpdate = await read(client, admin, url, 'markdown')
    assert.equal(afterUpdate.title, 'From JSON')
    assert.equal(afterUpdate.markdown, '# New heading\n\nReplaced.\n')

    const retitled = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: pageId,
        title: 'Renamed',
        document: { document: doc(paragraph(text('Again.'))) },
      },
    ])
    assert.equal(retitled.changeRequest.id, changeRequest.id)
    const afterRetitle = await read(client, admin, url, 'document')
    assert.equal(afterRetitle.title, 'Renamed')
    assert.equal(texts(afterRetitle.document), 'Again.')
  })

  test('links in JSON documents to pages and files inserted in the same batch survive', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, targetId, fileId } = await linkTargets(client)
    const second = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'insert_page',
        title: 'Links',
        document: {
          document: doc(
            paragraph(text('To '), linkTo({ kind: 'page', page: targetId }, 'target'), text('.')),
            jsonImages({ kind: 'file', file: fileId }, 'pic')
          ),
        },
      },
    ])
    const url = pageUrl(space.id, second.changeRequest.id, second.changes[0].page.id)
    const markdown = await read(client, admin, url, 'markdown')
    assert.equal(
      markdown.markdown,
      `To [target](/pages/${targetId}).\n\n![pic](/files/${fileId})\n`
    )
    const document = await read(client, admin, url, 'document')
    assert.deepEqual(refs(document.document), [{ kind: 'page', page: targetId }])
    assert.deepEqual(document.document.nodes[1].nodes[0].data.ref, { kind: 'file', file: fileId })
  })

  test('a malformed JSON document is a 400 naming the change, and nothing is written', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const before = await writtenState(space.id, changeRequest.id)

    for (const [bad, message] of [
      [
        {
          object: 'document',
          nodes: [
            {
              object: 'block',
              type: 'paragraph',
              nodes: [{ object: 'text', leaves: [{ text: 7 }] }],
            },
          ],
        },
        /changes\[1\] \(insert_page\): .*document\.nodes\[0\]\.nodes\[0\]\.leaves\[0\]\.text must be a string/,
      ],
      ['just text', /changes\[1\] \(insert_page\): .*document must be a JSON object/],
      [{ object: 'document' }, /changes\[1\] \(insert_page\): .*document\.nodes must be an array/],
      [
        doc({ object: 'block', type: 'integration', data: {}, isVoid: true }),
        /changes\[1\] \(insert_page\): .*"integration" block/,
      ],
    ] as const) {
      const response = await client
        .post(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`)
        .bearerToken(admin.token)
        .json({
          changes: [
            insertPage('fine', { title: 'Fine' }),
            { operation: 'insert_page', title: 'Bad', document: { document: bad } },
          ],
        })
      assertAnswer(response, 400)
      assert.match(response.body().error.message, message)
    }
    assert.deepEqual(await writtenState(space.id, changeRequest.id), before)
  })
})
