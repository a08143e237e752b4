import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import db from '@adonisjs/lucid/services/db'
import { randomUUID } from 'node:crypto'
import { newId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'
import { committedCallers, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { bodyOf } from '#tests/helpers/requests'
import { insertPage, insertPngs } from '#tests/helpers/fixtures_content'
import { markdownToDocument } from '#content/markdown/document'
import ContentStore from '#content/services/content_store'
import { documentJsonKey, readDocumentJson } from '#content/services/document_json'
import type { RevisionTree, TreePage } from '#content/types'
import { applyChanges, createChangeRequest, createSpace, openChangeRequest } from './helpers.js'

/** Markdown no other test writes: its conversion is in no process cache yet. */
function uniqueMarkdown(label: string) {
  const word = randomUUID().replaceAll('-', '')
  return `Intro to ${label} ${word} with **bold** and a [link](https://example.com/${word}).\n\n## Part ${word}\n\n- one\n- two\n\n\`\`\`js\nconst ${label.replaceAll(/\W/g, '_')} = 1\n\`\`\`\n`
}

const pageUrl = (spaceId: string, revisionId: string, pageId: string) =>
  `/v1/spaces/${spaceId}/revisions/${revisionId}/page/${pageId}`

async function readPage(
  client: ApiClient,
  caller: Caller,
  url: string,
  format?: 'document' | 'markdown'
) {
  return bodyOf(client, caller, 'get', url, format ? { qs: { format } } : {})
}

async function storedJson(spaceId: string, documentHash: string): Promise<string | undefined> {
  const row = await db
    .from('content_objects')
    .where('space_id', spaceId)
    .where('hash', documentJsonKey(documentHash))
    .select('body', 'kind')
    .first()
  return row?.body
}

/** A revision row holding the content of `revisionId` under a new id: a tree no process loaded. */
async function coldCopyOf(spaceId: string, revisionId: string) {
  const row = await db.from('revisions').where('id', revisionId).first()
  const id = newId()
  await db.table('revisions').insert({
    id,
    space_id: spaceId,
    parent_id: revisionId,
    parents: JSON.stringify([revisionId]),
    type: 'edits',
    root: row.root,
    created_by_id: null,
    change_request_id: null,
    created_at: toSqlTimestamp(new Date()),
  })
  return id
}

/**
 * Everything a tree answers, as plain data: each page by id (node, hash, path, parent, children in
 * order), the top-level order, the files. Also checks that the pages reached from the top are the
 * ones of the id index, and no others.
 */
function shapeOf(tree: RevisionTree) {
  const reached = new Map<string, TreePage>()
  const walk = (page: TreePage) => {
    reached.set(page.node.id, page)
    page.children.forEach(walk)
  }
  tree.pages.forEach(walk)
  if (reached.size !== tree.byId.size) throw new Error('the id index and the tree differ in size')
  for (const [id, page] of reached) {
    if (tree.byId.get(id) !== page) throw new Error(`page ${id} is not the indexed one`)
  }
  return {
    top: tree.pages.map((page) => page.node.id),
    pages: [...tree.byId.values()]
      .map((page) => ({
        id: page.node.id,
        node: page.node,
        hash: page.hash,
        path: page.path,
        parentId: page.parentId,
        children: page.children.map((child) => child.node.id),
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
    files: tree.files,
    filesHash: tree.filesHash,
    reusableContents: tree.reusableContents,
    variables: tree.variables,
  }
}

test.group('Stored JSON documents', (group) => {
  eachTestInTransaction(group)

  test('a page written now has its document stored as JSON, read as converting it would answer', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const markdown = uniqueMarkdown('fresh')
    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage(markdown, { title: 'Fresh' }),
    ])
    const pageId = result.changes[0].page.id
    const url = pageUrl(space.id, result.changeRequest.revision, pageId)

    const asDocument = await readPage(client, admin, url)
    const asMarkdown = await readPage(client, admin, url, 'markdown')
    assert.equal(asMarkdown.markdown, markdown)
    assert.deepEqual(asDocument.document, markdownToDocument(markdown))
    assert.deepEqual(await readPage(client, admin, url, 'document'), asDocument)
    const stored = await storedJson(space.id, asDocument.documentId)
    assert.isString(stored)
    assert.deepEqual(JSON.parse(stored!), asDocument.document)
    // The page's fields are those of the markdown read.
    const { document: _document, ...fields } = asDocument
    const { markdown: _markdown, ...markdownFields } = asMarkdown
    assert.deepEqual(fields, markdownFields)
  })

  test('pages written before JSON documents were stored are converted on their first read, and stored then', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const markdowns = [uniqueMarkdown('older'), uniqueMarkdown('old')]
    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage(markdowns[0], { ref: 'older', title: 'Older' }),
      insertPage(markdowns[1], { ref: 'old', into: 'older', title: 'Old' }),
    ])
    const [olderId, oldId] = result.changes.map((change: any) => change.page.id)
    // As a version before this one left them: documents without JSON objects.
    await db.from('content_objects').where('space_id', space.id).where('kind', 'json').delete()

    const head = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`
    const older = await readPage(client, admin, `${head}/page/${olderId}`)
    const old = await readPage(
      client,
      admin,
      `/v1/spaces/${space.id}/revisions/${result.changeRequest.revision}/path/${encodeURIComponent('older/old')}`,
      'document'
    )
    assert.deepEqual(older.document, markdownToDocument(markdowns[0]))
    assert.deepEqual(old.document, markdownToDocument(markdowns[1]))
    assert.deepEqual(JSON.parse((await storedJson(space.id, older.documentId))!), older.document)
    assert.deepEqual(JSON.parse((await storedJson(space.id, old.documentId))!), old.document)
    const oldById = await readPage(client, admin, `${head}/page/${oldId}`)
    assert.deepEqual(oldById.document, old.document)

    // Merged into the space, the same documents read the same there.
    await bodyOf(
      client,
      admin,
      'post',
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`
    )
    const live = await readPage(client, admin, `/v1/spaces/${space.id}/content/page/${oldId}`)
    assert.deepEqual(live.document, old.document)
  })

  test('each revision answers its own pages and trees, whatever was read or written since', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const store = new ContentStore()
    const revisions: string[] = []
    const ids: Record<string, string> = {}
    const deepText = uniqueMarkdown('deep')
    const batch = async (changes: object[]) => {
      const result = await applyChanges(client, admin, space.id, changeRequest.id, changes)
      for (const change of result.changes) if (change.ref) ids[change.ref] = change.page.id
      revisions.push(result.changeRequest.revision)
    }
    await batch([
      insertPage(uniqueMarkdown('guides'), { ref: 'guides', title: 'Guides' }),
      insertPage(uniqueMarkdown('intro'), { ref: 'intro', into: 'guides', title: 'Intro' }),
      insertPage(deepText, { ref: 'deep', into: 'intro', title: 'Deep' }),
      insertPage(uniqueMarkdown('api'), { ref: 'api', title: 'API' }),
      insertPage(uniqueMarkdown('calls'), { ref: 'calls', into: 'api', title: 'Calls' }),
    ])
    // Edit a deep page's text; rename a parent (its subtree's paths change, not its nodes).
    await batch([{ operation: 'update_page', page: ids.deep, document: { markdown: 'Changed\n' } }])
    await batch([{ operation: 'update_page', page: ids.guides, slug: 'handbook' }])
    // Move a subtree, add a file, then delete a page with a child and bring it back.
    await batch([
      { operation: 'update_page', page: ids.intro, into: ids.api, at: 0 },
      insertPngs('a.png'),
    ])
    await batch([{ operation: 'delete_page', page: ids.api }])
    await batch([{ operation: 'revert_page', page: ids.api, revision: revisions[3] }])
    await batch([
      insertPage('New\n', { ref: 'late', into: ids.guides, title: 'Late' }),
      { operation: 'update_page', page: ids.calls, title: 'Calls renamed' },
    ])

    // What each revision answered right after it was written, read again after all the writes.
    const answers = []
    for (const revision of revisions) {
      answers.push({
        pages: await bodyOf(
          client,
          admin,
          'get',
          `/v1/spaces/${space.id}/revisions/${revision}/pages`
        ),
        deep: await client
          .get(pageUrl(space.id, revision, ids.deep))
          .bearerToken(admin.token)
          .then((response) => [response.status(), response.body()]),
      })
    }
    for (const [index, revision] of revisions.entries()) {
      const again = await bodyOf(
        client,
        admin,
        'get',
        `/v1/spaces/${space.id}/revisions/${revision}/pages`
      )
      assert.deepEqual(again, answers[index].pages, `pages of revision ${index + 1}`)
      // The tree each write built from its parent's is the tree the database holds.
      const written = await store.loadTree(db.connection(), space.id, revision)
      const loaded = await store.readTree(db.connection(), space.id, revision)
      assert.deepEqual(shapeOf(written), shapeOf(loaded), `tree of revision ${index + 1}`)
      // Listed in the same order, however the tree was built.
      assert.deepEqual([...written.byId.keys()], [...loaded.byId.keys()])
    }
    // The deep page: its first text, then the edit; under its renamed and moved ancestors.
    assert.equal(answers[0].deep[1].path, 'guides/intro/deep')
    assert.deepEqual(answers[0].deep[1].document, markdownToDocument(deepText))
    assert.deepEqual(answers[1].deep[1].document, markdownToDocument('Changed\n'))
    assert.equal(answers[2].deep[1].path, 'handbook/intro/deep')
    assert.equal(answers[3].deep[1].path, 'api/intro/deep')
    assert.equal(answers[4].deep[0], 404)
    assert.equal(answers[5].deep[1].path, 'api/intro/deep')
    assert.deepEqual(answers[6].deep[1].document, markdownToDocument('Changed\n'))
  })
})

test.group('Single-flight tree and document loads (committed data)', (group) => {
  const callers = committedCallers()
  group.each.teardown(() => callers.cleanUp())

  async function committedSpace(client: ApiClient) {
    const admin = await callers.caller()
    const space = await createSpace(client, admin)
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const changes = [insertPage(uniqueMarkdown('root'), { ref: 'root', title: 'Root' })]
    for (let i = 0; i < 30; i++) {
      changes.push(insertPage(uniqueMarkdown(`page ${i}`), { into: 'root', title: `Page ${i}` }))
    }
    const result = await applyChanges(client, admin, space.id, changeRequest.id, changes)
    return { admin, space, result }
  }

  test('a tree asked for by many at once is read once, and all get the same', async ({
    client,
    assert,
  }) => {
    const { space, result } = await committedSpace(client)
    const cold = await coldCopyOf(space.id, result.changeRequest.revision)
    const store = new ContentStore()
    let reads = 0
    const readTree = store.readTree.bind(store)
    store.readTree = (...args) => {
      reads += 1
      return readTree(...args)
    }
    const trees = await Promise.all(
      Array.from({ length: 20 }, () => store.loadTree(db.connection(), space.id, cold))
    )
    assert.equal(reads, 1)
    for (const tree of trees) assert.strictEqual(tree, trees[0])
    assert.equal(trees[0].byId.size, 31)
    // A revision that is not there fails for every asker, and is not remembered as missing.
    const missing = await Promise.allSettled(
      Array.from({ length: 5 }, () => store.loadTree(db.connection(), space.id, newId()))
    )
    assert.deepEqual(
      missing.map((outcome) => outcome.status),
      Array(5).fill('rejected')
    )
  })

  test('fifty first reads of a tree over HTTP at once all answer it', async ({
    client,
    assert,
  }) => {
    const { admin, space, result } = await committedSpace(client)
    const cold = await coldCopyOf(space.id, result.changeRequest.revision)
    const url = `/v1/spaces/${space.id}/revisions/${cold}/pages`
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.get(url).bearerToken(admin.token))
    )
    assert.deepEqual(
      answers.map((answer) => answer.status()),
      Array(50).fill(200)
    )
    for (const answer of answers) assert.deepEqual(answer.body(), answers[0].body())
    assert.lengthOf(answers[0].body().pages[0].pages, 30)
  })

  test('a document read by many at once is converted and stored once', async ({
    client,
    assert,
  }) => {
    const { admin, space, result } = await committedSpace(client)
    const pageId = result.changes[5].page.id
    const head = `/v1/spaces/${space.id}/change-requests/${result.changeRequest.id}/content`
    const { markdown } = await readPage(client, admin, `${head}/page/${pageId}`, 'markdown')
    const { documentId } = await readPage(client, admin, `${head}/page/${pageId}`, 'markdown')
    await db.from('content_objects').where('space_id', space.id).where('kind', 'json').delete()

    const store = new ContentStore()
    let reads = 0
    const readDocument = store.readDocument.bind(store)
    store.readDocument = (...args) => {
      reads += 1
      return readDocument(...args)
    }
    const texts = await Promise.all(
      Array.from({ length: 20 }, () =>
        readDocumentJson(store, db.connection(), space.id, documentId)
      )
    )
    assert.equal(reads, 1)
    for (const text of texts) assert.equal(text, texts[0])
    assert.deepEqual(JSON.parse(texts[0]), markdownToDocument(markdown))
    assert.equal(await storedJson(space.id, documentId), texts[0])
  })
})
