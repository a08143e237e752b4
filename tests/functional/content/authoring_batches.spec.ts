import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import ContentStore from '#content/services/content_store'
import AuthoringService from '#content/services/authoring_service'
import SpaceAccessService from '#spaces/services/space_access_service'
import type { ContentChange } from '#content/changes'
import type { TreePage } from '#content/types'
import { insertPage, insertPngs, PNG_1X1 } from '#tests/helpers/fixtures_content'
import { adminSpace, applyChanges, createChangeRequest, writtenState } from './helpers.js'

const store = new ContentStore()

const contentUrl = (spaceId: string, changeRequestId: string) =>
  `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content`

async function treeOf(spaceId: string, revisionId: string) {
  return store.loadTree(db.connection(), spaceId, revisionId)
}

async function headTree(spaceId: string, changeRequestId: string) {
  const row = await db
    .from('change_requests')
    .where('id', changeRequestId)
    .select('revision_id')
    .first()
  return treeOf(spaceId, row.revision_id)
}

async function markdownOf(spaceId: string, page: TreePage) {
  return page.node.document
    ? store.readDocument(db.connection(), spaceId, page.node.document)
    : undefined
}

function pageByTitle(pages: TreePage[], title: string): TreePage {
  for (const page of pages) {
    if (page.node.title === title) return page
    const found = pageByTitleOrUndefined(page.children, title)
    if (found) return found
  }
  throw new Error(`no page titled ${title}`)
}

function pageByTitleOrUndefined(pages: TreePage[], title: string): TreePage | undefined {
  try {
    return pageByTitle(pages, title)
  } catch {
    return undefined
  }
}

const titles = (pages: TreePage[]) => pages.map((page) => page.node.title)

/** A space with a change request, ready for batches. */
async function setUp(client: any, seed: unknown[] = []) {
  const { admin, space } = await adminSpace(client)
  if (seed.length > 0) {
    const authoring = await app.container.make(AuthoringService)
    const access = await new SpaceAccessService().spaceFor(admin.user.id, space.id)
    await authoring.applyToSpace(admin.user, access, seed as ContentChange[])
  }
  const changeRequest = await createChangeRequest(client, admin, space.id)
  return { admin, space, changeRequest }
}

/**
 * Posts a batch that must be refused with `status`; the change request's head and the space's
 * stored objects stay exactly as they were. Returns the error message.
 */
async function assertRejected(
  client: any,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  body: unknown,
  status = 400
): Promise<string> {
  const before = await writtenState(spaceId, changeRequestId)
  const request = client.post(contentUrl(spaceId, changeRequestId)).bearerToken(caller.token)
  const response =
    typeof body === 'string'
      ? await request.header('Content-Type', 'application/json').json(body)
      : await request.json(body)
  assertAnswer(response, status)
  const after = await writtenState(spaceId, changeRequestId)
  if (after.revisionId !== before.revisionId)
    throw new Error('the change request moved on a rejected batch')
  if (after.objects !== before.objects) throw new Error('a rejected batch stored content objects')
  if (after.revisions !== before.revisions) throw new Error('a rejected batch wrote a revision')
  return response.body().error.message
}

test.group('authoring batches: insert_page', (group) => {
  eachTestInTransaction(group)

  test('places pages with into and at among their siblings', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await setUp(client)
    await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('', { ref: 'parent', title: 'Parent' }),
      insertPage('b', { into: 'parent', title: 'B' }),
      insertPage('d', { into: 'parent', title: 'D' }),
      insertPage('a', { into: 'parent', at: 0, title: 'A' }),
      insertPage('c', { into: 'parent', at: 2, title: 'C' }),
      insertPage('e', { into: 'parent', at: 99, title: 'E' }),
      insertPage('', { at: 0, title: 'First root' }),
    ])
    let tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(titles(tree.pages), ['First root', 'Parent'])
    assert.deepEqual(titles(tree.pages[1].children), ['A', 'B', 'C', 'D', 'E'])
    assert.equal(tree.pages[1].children[2].path, 'parent/c')

    // `into` by page id in a later batch.
    const parentId = tree.pages[1].node.id
    await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('', { into: parentId, at: 1, title: 'A2' }),
    ])
    tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(titles(tree.pages[1].children), ['A', 'A2', 'B', 'C', 'D', 'E'])
  })

  test('title: front matter, then a leading heading, then the title field, then a default', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client)
    await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('---\ntitle: Front\n---\n# Heading\n\nBody\n', { title: 'Field' }),
      insertPage('# Heading\n\nBody\n', { title: 'Field' }),
      insertPage('Body only\n', { title: 'Field' }),
      insertPage('No title anywhere\n'),
      { operation: 'insert_page', document: {} },
    ])
    const tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(titles(tree.pages), ['Front', 'Heading', 'Field', 'Untitled', 'Untitled'])
    assert.deepEqual(
      tree.pages.map((page) => page.node.slug),
      ['front', 'heading', 'field', 'untitled', 'untitled-2']
    )
    // The front matter title keeps the heading as content; a heading title leaves the body.
    assert.equal(await markdownOf(space.id, tree.pages[0]), '# Heading\n\nBody\n')
    assert.equal((await markdownOf(space.id, tree.pages[1]))!.trim(), 'Body')
  })

  test('front matter sets description, hidden, emoji and icon', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await setUp(client)
    await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'insert_page',
        emoji: '🚫',
        description: 'from the field',
        document: {
          markdown:
            '---\ndescription: From front matter\nhidden: true\nemoji: "📘"\nicon: book\n---\n# Styled\n\nText\n',
        },
      },
      insertPage('x', {
        title: 'Fields',
        emoji: '🧪',
        description: 'Field description',
        hidden: true,
      }),
    ])
    const tree = await headTree(space.id, changeRequest.id)
    const [styled, fields] = tree.pages
    assert.equal(styled.node.title, 'Styled')
    assert.equal(styled.node.description, 'From front matter')
    assert.isTrue(styled.node.hidden)
    assert.equal(styled.node.emoji, '📘')
    assert.equal(styled.node.icon, 'book')
    assert.equal((await markdownOf(space.id, styled))!.trim(), 'Text')
    assert.equal(fields.node.emoji, '🧪')
    assert.equal(fields.node.description, 'Field description')
    assert.isTrue(fields.node.hidden)
  })

  test('invalid front matter is a 400 naming the change', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await setUp(client)
    const badYaml = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [
        insertPage('ok', { title: 'Fine' }),
        insertPage('---\ntitle: [unclosed\n---\nBody'),
      ],
    })
    assert.match(badYaml, /changes\[1\] \(insert_page\)/)
    assert.match(badYaml, /YAML/)
    const wrongType = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [insertPage('---\nhidden: sometimes\n---\nBody')],
    })
    assert.match(wrongType, /changes\[0\].*hidden/)
  })
})

test.group('authoring batches: update_page', (group) => {
  eachTestInTransaction(group)

  async function seeded(client: any) {
    const context = await setUp(client)
    await applyChanges(client, context.admin, context.space.id, context.changeRequest.id, [
      insertPage('Guide body', { ref: 'guide', title: 'Guide' }),
      insertPage('Setup body', { ref: 'setup', into: 'guide', title: 'Setup' }),
      insertPage('Deep body', { ref: 'deep', into: 'setup', title: 'Deep' }),
      insertPage('FAQ body', { ref: 'faq', title: 'FAQ' }),
      insertPage('', { ref: 'other', title: 'Other', slug: 'other' }),
    ])
    const tree = await headTree(context.space.id, context.changeRequest.id)
    const ids = {
      guide: pageByTitle(tree.pages, 'Guide').node.id,
      setup: pageByTitle(tree.pages, 'Setup').node.id,
      deep: pageByTitle(tree.pages, 'Deep').node.id,
      faq: pageByTitle(tree.pages, 'FAQ').node.id,
      other: pageByTitle(tree.pages, 'Other').node.id,
    }
    return { ...context, ids }
  }

  test('renames without changing the slug; re-slugging changes the paths below', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, ids } = await seeded(client)
    const renamed = await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: ids.guide, title: 'The Guide' },
    ])
    assert.deepEqual(
      renamed.changes.map((c: any) => [c.object, c.page.id]),
      [['updated_page', ids.guide]]
    )
    let tree = await headTree(space.id, changeRequest.id)
    let guide = tree.byId.get(ids.guide)!
    assert.equal(guide.node.title, 'The Guide')
    assert.equal(guide.path, 'guide')
    assert.equal(await markdownOf(space.id, guide), 'Guide body')

    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: ids.guide, slug: 'manual' },
    ])
    tree = await headTree(space.id, changeRequest.id)
    guide = tree.byId.get(ids.guide)!
    assert.equal(guide.path, 'manual')
    assert.equal(tree.byId.get(ids.setup)!.path, 'manual/setup')
    assert.equal(tree.byId.get(ids.deep)!.path, 'manual/setup/deep')

    // A new document with a heading retitles the page; its body is replaced.
    await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: ids.faq,
        title: 'Ignored',
        document: { markdown: '# Questions\n\nNew body' },
      },
    ])
    tree = await headTree(space.id, changeRequest.id)
    assert.equal(tree.byId.get(ids.faq)!.node.title, 'Questions')
    assert.equal(tree.byId.get(ids.faq)!.path, 'faq')
    assert.include((await markdownOf(space.id, tree.byId.get(ids.faq)!))!, 'New body')
  })

  test('refuses a slug used by a sibling or with a slash', async ({ client, assert }) => {
    const { admin, space, changeRequest, ids } = await seeded(client)
    const collision = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [{ operation: 'update_page', page: ids.faq, slug: 'other' }],
    })
    assert.match(collision, /changes\[0\] \(update_page\).*"other"/)
    const slash = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [{ operation: 'update_page', page: ids.faq, slug: 'a/b' }],
    })
    assert.match(slash, /slug/)
    // Moving next to a page with the same slug collides too.
    await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [
        insertPage('', { into: ids.guide, title: 'FAQ' }),
        { operation: 'update_page', page: ids.faq, into: ids.guide },
      ],
    })
  })

  test('moves with into and at, to the root with into null', async ({ client, assert }) => {
    const { admin, space, changeRequest, ids } = await seeded(client)
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: ids.faq, into: ids.guide, at: 0 },
      { operation: 'update_page', page: ids.deep, into: null },
      { operation: 'update_page', page: ids.other, at: 0 },
    ])
    const tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(titles(tree.pages), ['Other', 'Guide', 'Deep'])
    assert.deepEqual(titles(tree.byId.get(ids.guide)!.children), ['FAQ', 'Setup'])
    assert.equal(tree.byId.get(ids.faq)!.path, 'guide/faq')
    assert.equal(tree.byId.get(ids.deep)!.path, 'deep')
    assert.equal(tree.byId.get(ids.deep)!.parentId, null)
    assert.deepEqual(tree.byId.get(ids.setup)!.children, [])
    // Documents travel with the pages.
    assert.equal(await markdownOf(space.id, tree.byId.get(ids.deep)!), 'Deep body')
  })

  test('refuses moving a page into itself or one of its descendants', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, ids } = await seeded(client)
    for (const into of [ids.guide, ids.setup, ids.deep]) {
      const message = await assertRejected(client, admin, space.id, changeRequest.id, {
        changes: [{ operation: 'update_page', page: ids.guide, into }],
      })
      assert.match(message, /changes\[0\] \(update_page\).*(itself|descendant)/)
    }
    const unknown = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [{ operation: 'update_page', page: ids.guide, into: 'AAAAAAAAAAAAAAAAAAAA' }],
    })
    assert.match(unknown, /AAAAAAAAAAAAAAAAAAAA/)
  })

  test('delete_page removes the subtree; a later change naming a deleted page is a 400', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, ids } = await seeded(client)
    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'delete_page', page: ids.guide },
    ])
    assert.deepEqual(result.changes, [{ object: 'deleted_page', page: ids.guide }])
    const tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(titles(tree.pages), ['FAQ', 'Other'])
    for (const id of [ids.guide, ids.setup, ids.deep]) assert.isFalse(tree.byId.has(id))

    for (const later of [
      { operation: 'update_page', page: ids.setup, title: 'x' },
      insertPage('', { into: ids.deep, title: 'x' }),
      { operation: 'delete_page', page: ids.guide },
      { operation: 'revert_page', page: ids.deep, revision: changeRequest.revision },
    ]) {
      const message = await assertRejected(client, admin, space.id, changeRequest.id, {
        changes: [{ operation: 'delete_page', page: ids.other }, later],
      })
      assert.match(message, /changes\[1\]/)
    }
    // Deleting the same page twice in one batch.
    const twice = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [
        { operation: 'delete_page', page: ids.faq },
        { operation: 'update_page', page: ids.faq, title: 'Gone' },
      ],
    })
    assert.match(twice, /changes\[1\] \(update_page\)/)
  })
})

test.group('authoring batches: revert_page', (group) => {
  eachTestInTransaction(group)

  test('restores modified pages, removes added ones, brings deleted ones back', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client, [
      insertPage('Alpha body', { ref: 'a', title: 'Alpha' }),
      insertPage('Beta body', { ref: 'b', title: 'Beta' }),
      insertPage('Gamma body', { ref: 'c', into: 'b', title: 'Gamma' }),
    ])
    const base = await headTree(space.id, changeRequest.id)
    const alpha = pageByTitle(base.pages, 'Alpha').node.id
    const beta = pageByTitle(base.pages, 'Beta').node.id
    const gamma = pageByTitle(base.pages, 'Gamma').node.id

    await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: alpha,
        title: 'Changed',
        document: { markdown: 'Changed body' },
      },
      { operation: 'delete_page', page: beta },
      insertPage('Added body', { title: 'Added' }),
    ])
    let tree = await headTree(space.id, changeRequest.id)
    const added = pageByTitle(tree.pages, 'Added').node.id
    assert.deepEqual(titles(tree.pages), ['Changed', 'Added'])

    const reverted = await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'revert_page', page: alpha },
      { operation: 'revert_page', page: added },
      { operation: 'revert_page', page: beta },
    ])
    assert.deepEqual(
      reverted.changes.map((c: any) => [c.object, typeof c.page === 'string' ? c.page : c.page.id]),
      [
        ['updated_page', alpha],
        ['deleted_page', added],
        ['created_page', beta],
        ['created_page', gamma],
      ]
    )
    tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(titles(tree.pages), ['Alpha', 'Beta'])
    assert.equal(tree.byId.get(alpha)!.node.title, 'Alpha')
    assert.equal(await markdownOf(space.id, tree.byId.get(alpha)!), 'Alpha body')
    assert.isFalse(tree.byId.has(added))
    assert.equal(tree.byId.get(beta)!.path, 'beta')
    assert.equal(await markdownOf(space.id, tree.byId.get(beta)!), 'Beta body')
    // The subtree deleted with it comes back too.
    assert.equal(tree.byId.get(gamma)!.path, 'beta/gamma')
    assert.equal(await markdownOf(space.id, tree.byId.get(gamma)!), 'Gamma body')

    // Reverting to an explicit revision: the base.
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: alpha, title: 'Again' },
    ])
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'revert_page', page: alpha, revision: base.id },
    ])
    tree = await headTree(space.id, changeRequest.id)
    assert.equal(tree.byId.get(alpha)!.node.title, 'Alpha')
  })

  test('a reverted page whose old slug was taken meanwhile gets a free one', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client, [
      insertPage('Alpha body', { title: 'Alpha', slug: 'alpha' }),
    ])
    const { pages } = await headTree(space.id, changeRequest.id)
    const alpha = pageByTitle(pages, 'Alpha').node.id
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: alpha, slug: 'first' },
      insertPage('Other body', { title: 'Other', slug: 'alpha' }),
    ])
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'revert_page', page: alpha },
    ])
    const tree = await headTree(space.id, changeRequest.id)
    assert.deepEqual(
      tree.pages.map((page) => [page.node.title, page.path]),
      [
        ['Alpha', 'alpha-2'],
        ['Other', 'alpha'],
      ]
    )
  })

  test('block reverts, unknown pages and unknown revisions are refused', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client, [
      insertPage('Alpha body', { title: 'Alpha' }),
    ])
    const base = await headTree(space.id, changeRequest.id)
    const alpha = base.pages[0].node.id
    const block = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [{ operation: 'revert_page', page: alpha, block: ['b1'] }],
    })
    assert.match(block, /changes\[0\] \(revert_page\).*block/)
    await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [{ operation: 'revert_page', page: 'AAAAAAAAAAAAAAAAAAAA' }],
    })
    await assertRejected(
      client,
      admin,
      space.id,
      changeRequest.id,
      { changes: [{ operation: 'revert_page', page: alpha, revision: 'AAAAAAAAAAAAAAAAAAAA' }] },
      404
    )
  })
})

test.group('authoring batches: files and refs', (group) => {
  eachTestInTransaction(group)

  test('refuses bad base64, files over 1 MB, missing contentType, and both or neither of url and base64', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client)
    const file = (extra: Record<string, unknown>) => ({
      changes: [{ operation: 'insert_files', files: [{ name: 'f.png', ...extra }] }],
    })
    const tooBig = Buffer.alloc(1024 * 1024 + 1, 1).toString('base64')
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ contentType: 'image/png', base64: 'not*base64!' }, /base64/],
      [{ contentType: 'image/png', base64: 'abc' }, /base64/],
      [{ contentType: 'image/png', base64: tooBig }, /1 MB/],
      [{ base64: PNG_1X1 }, /contentType/],
      [
        { contentType: 'image/png', base64: PNG_1X1, url: 'https://example.com/f.png' },
        /exactly one/,
      ],
      [{ contentType: 'image/png' }, /exactly one/],
    ]
    for (const [extra, pattern] of cases) {
      const message = await assertRejected(client, admin, space.id, changeRequest.id, file(extra))
      assert.match(message, pattern)
    }
    // Exactly 1 MB is fine.
    const exact = Buffer.alloc(1024 * 1024, 1).toString('base64')
    const ok = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'insert_files',
        files: [{ name: 'big.bin', contentType: 'application/octet-stream', base64: exact }],
      },
    ])
    assert.equal(ok.insertedFiles[0].size, 1024 * 1024)
  })

  test('duplicate refs are refused; ./ref.md and ./ref links become /pages/ and /files/', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client)
    const duplicate = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [
        insertPage('', { ref: 'same', title: 'One' }),
        {
          operation: 'insert_files',
          files: [{ ref: 'same', name: 'x.png', contentType: 'image/png', base64: PNG_1X1 }],
        },
      ],
    })
    assert.match(duplicate, /"same".*twice/)

    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'insert_page',
        ref: 'home',
        title: 'Home',
        document: {
          markdown:
            'See [a](./target.md), [b](./target), [c](./target.md#part) and ![i](./image.png).\n',
        },
      },
      insertPage('## Part\n', { ref: 'target', title: 'Target' }),
      insertPngs('image.png'),
    ])
    const tree = await headTree(space.id, changeRequest.id)
    const target = pageByTitle(tree.pages, 'Target').node.id
    const fileId = result.insertedFiles[0].id
    assert.equal(tree.files[0].id, fileId)
    assert.equal(
      await markdownOf(space.id, pageByTitle(tree.pages, 'Home')),
      `See [a](/pages/${target}), [b](/pages/${target}), [c](/pages/${target}#part) and ![i](/files/${fileId}).\n`
    )
  })
})

test.group('authoring batches: request shape', (group) => {
  eachTestInTransaction(group)

  test('refuses empty and oversized batches, unknown operations, malformed JSON and malformed JSON documents', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client)
    const page = insertPage('p', { title: 'P' })
    assert.match(
      await assertRejected(client, admin, space.id, changeRequest.id, { changes: [] }),
      /changes/
    )
    assert.match(
      await assertRejected(client, admin, space.id, changeRequest.id, {
        changes: Array.from({ length: 51 }, () => page),
      }),
      /changes/
    )
    assert.match(await assertRejected(client, admin, space.id, changeRequest.id, {}), /changes/)
    assert.match(
      await assertRejected(client, admin, space.id, changeRequest.id, {
        changes: [page, { operation: 'rename_page', page: 'x' }],
      }),
      /operation/
    )
    assert.match(
      await assertRejected(client, admin, space.id, changeRequest.id, {
        changes: [page, 'insert_page'],
      }),
      /operation/
    )
    assert.match(
      await assertRejected(client, admin, space.id, changeRequest.id, '{"changes": ['),
      /JSON/i
    )
    const json = await assertRejected(client, admin, space.id, changeRequest.id, {
      changes: [
        {
          operation: 'insert_page',
          title: 'J',
          document: { document: { object: 'document', nodes: 'none' } },
        },
      ],
    })
    // JSON documents are accepted (authoring_json_documents.spec.ts); a malformed one names the change.
    assert.match(json, /changes\[0\] \(insert_page\).*document\.nodes must be an array/)
    for (const wrong of [
      { ...page, title: 12 },
      { ...page, hidden: 'yes' },
      { ...page, at: -1 },
      { ...page, at: 1.5 },
      { ...page, document: { markdown: 5 } },
      { operation: 'update_page', title: 'no page' },
    ]) {
      await assertRejected(client, admin, space.id, changeRequest.id, { changes: [wrong] })
    }
    const badCompat = await client
      .post(contentUrl(space.id, changeRequest.id))
      .qs({ compat: 'maybe' })
      .bearerToken(admin.token)
      .json({ changes: [page] })
    badCompat.assertStatus(400)
    // Exactly 50 changes pass.
    await applyChanges(
      client,
      admin,
      space.id,
      changeRequest.id,
      Array.from({ length: 50 }, () => page)
    )
  })

  test('compat answers the ChangeRequest by default and a ChangeRequestContentUpdate with compat=false', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest } = await setUp(client)
    const response = await client
      .post(contentUrl(space.id, changeRequest.id))
      .bearerToken(admin.token)
      .json({
        changes: [insertPage('p', { ref: 'p', title: 'P' })],
      })
    assertAnswer(response, 200)
    const body = response.body()
    assert.equal(body.object, 'change-request')
    assert.notProperty(body, 'changes')
    assert.notEqual(body.revision, changeRequest.revision)

    const explicit = await client
      .post(contentUrl(space.id, changeRequest.id))
      .qs({ compat: true })
      .bearerToken(admin.token)
      .json({ changes: [insertPage('q', { title: 'Q' })] })
    assertAnswer(explicit, 200)
    assert.notProperty(explicit.body(), 'changes')

    const update = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('r', { ref: 'r', title: 'R' }),
    ])
    assert.equal(update.changeRequest.object, 'change-request')
    assert.equal(update.changes[0].object, 'created_page')
    assert.equal(update.changes[0].ref, 'r')
    assert.deepEqual(update.insertedFiles, [])
    // The head moved three times, by number too.
    const byNumber = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.number}`)
      .bearerToken(admin.token)
    assert.equal(byNumber.body().revision, update.changeRequest.revision)
    const tree = await treeOf(space.id, update.changeRequest.revision)
    assert.deepEqual(titles(tree.pages), ['P', 'Q', 'R'])
  })

  test('merged and archived change requests refuse authoring', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await setUp(client)
    for (const status of ['merged', 'archived']) {
      await db.from('change_requests').where('id', changeRequest.id).update({ status })
      const message = await assertRejected(
        client,
        admin,
        space.id,
        changeRequest.id,
        { changes: [insertPage('p', { title: 'P' })] },
        403
      )
      assert.include(message, status)
    }
    await db.from('change_requests').where('id', changeRequest.id).update({ status: 'open' })
    await applyChanges(client, admin, space.id, changeRequest.id, [insertPage('p', { title: 'P' })])
    // Unknown change requests are 404.
    const unknown = await client
      .post(contentUrl(space.id, '77'))
      .bearerToken(admin.token)
      .json({ changes: [insertPage('p', { title: 'P' })] })
    assertAnswer(unknown, 404)
  })
})
