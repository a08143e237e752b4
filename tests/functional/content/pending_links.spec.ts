import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import { assertAnswer } from '#tests/helpers/guards'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { insertPage } from '#tests/helpers/fixtures_content'
import ContentStore, { hashObject } from '#content/services/content_store'
import { adminSpace, applyChanges, createChangeRequest } from './helpers.js'
import { authorAndMerge, merge } from '../change_requests/merge_helpers.js'
import { parsePdf } from '#tests/helpers/pdf'

/**
 * Links written before their target exists (issue 20, item 7): a manual sent in batches links
 * `./later.md` in batch 1 while `later` arrives in batch 3.
 */

const INTRO = '[later](./later.md), [section](./later.md#section) and [never](./never.md).\n'
const LATER = '## Section\n\nLater.\n'

function get(client: ApiClient, caller: Caller, path: string, qs: Record<string, unknown> = {}) {
  return client.get(`/v1${path}`).qs(qs).bearerToken(caller.token)
}

/** [status, target] of every link a links listing gives. */
async function links(client: ApiClient, caller: Caller, path: string) {
  const response = await get(client, caller, path)
  assertAnswer(response, 200)
  return {
    stats: response.body().stats,
    items: response.body().items.map((item: any) => [item.status, item.targetReference]),
  }
}

/** The [status, target] of every link a links listing gives. */
async function linkItems(client: ApiClient, caller: Caller, path: string) {
  const { items } = await links(client, caller, path)
  return items
}

/** A page's markdown as stored (`/pages/<id>` links). */
async function storedMarkdown(
  client: ApiClient,
  caller: Caller,
  contentPath: string,
  page: string
) {
  const response = await get(client, caller, `${contentPath}/page/${page}`, {
    'format': 'markdown',
    'format.markdown.refs': 'stable',
  })
  assertAnswer(response, 200)
  return response.body().markdown as string
}

const pendingItems = [
  ['broken', { kind: 'url', url: './later.md' }],
  ['broken', { kind: 'url', url: './later.md#section' }],
  ['broken', { kind: 'url', url: './never.md' }],
]

/** `later` created: the first two resolve to it, `./never.md` names no page still. */
const resolvedItems = (later: string) => [
  ['ok', { kind: 'page', page: later }],
  ['ok', { kind: 'anchor', anchor: 'section', page: later }],
  ['broken', { kind: 'url', url: './never.md' }],
]

/**
 * A space whose current revision holds `intro` linking `./later.md` (and `./never.md`) and `later`,
 * which arrived from another change request merged after the one that wrote `intro`: the links
 * stay written as paths, and resolve against the revision.
 */
async function mergedPathLinks(client: ApiClient) {
  const { admin, space } = await adminSpace(client)
  const first = await createChangeRequest(client, admin, space.id)
  const second = await createChangeRequest(client, admin, space.id)
  const written = await applyChanges(client, admin, space.id, first.id, [
    insertPage(INTRO, { ref: 'intro', title: 'Intro' }),
  ])
  const created = await applyChanges(client, admin, space.id, second.id, [
    insertPage(LATER, { ref: 'later', title: 'Later' }),
  ])
  await merge(client, admin, space.id, second.id)
  await merge(client, admin, space.id, first.id)
  return {
    admin,
    space,
    intro: written.changes[0].page.id as string,
    later: created.changes[0].page.id as string,
  }
}

test.group('Links written before their target exists', (group) => {
  eachTestInTransaction(group)

  test('a later batch creating the target resolves them: analysis and stored markdown', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const cr = `/spaces/${space.id}/change-requests/${changeRequest.id}`

    const first = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage(INTRO, { ref: 'intro', title: 'Intro' }),
    ])
    const intro = first.changes[0].page.id
    const before = await links(client, admin, `${cr}/links`)
    assert.deepEqual(before.stats, { total: 3, broken: { total: 3, changeRequest: 3 } })
    assert.deepEqual(before.items, pendingItems)
    assert.equal(await storedMarkdown(client, admin, `${cr}/content`, intro), INTRO)

    const second = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage(LATER, { ref: 'later', title: 'Later' }),
    ])
    const later = second.changes[0].page.id
    // The rewritten page is a change of the batch too.
    assert.deepEqual(
      second.changes.map((change: any) => [change.object, change.page.id]),
      [
        ['created_page', later],
        ['updated_page', intro],
      ]
    )
    const after = await links(client, admin, `${cr}/links`)
    assert.deepEqual(after.stats, { total: 3, broken: { total: 1, changeRequest: 1 } })
    assert.deepEqual(after.items, resolvedItems(later))
    assert.equal(
      await storedMarkdown(client, admin, `${cr}/content`, intro),
      `[later](/pages/${later}), [section](/pages/${later}#section) and [never](./never.md).\n`
    )

    // Now stable: renaming the target keeps them working.
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: later, slug: 'renamed' },
    ])
    assert.deepEqual(await linkItems(client, admin, `${cr}/links`), resolvedItems(later))
  })

  test('pages moved or renamed in a batch resolve path links of pages it left alone', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const cr = `/spaces/${space.id}/change-requests/${changeRequest.id}`
    const first = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('[guide](./guides/setup.md) [up](../top.md)\n', { ref: 'intro', title: 'Intro' }),
      insertPage('Guides.\n', { ref: 'guides', title: 'Guides' }),
      insertPage('Setup.\n', { ref: 'install', title: 'Install' }),
      insertPage('Nested.\n', { ref: 'deep', title: 'Deep', into: 'guides' }),
    ])
    const [intro, guides, install, deep] = first.changes.map((change: any) => change.page.id)
    const { stats } = await links(client, admin, `${cr}/links`)
    assert.equal(stats.broken.total, 2)

    // `install` becomes `guides/setup`; `deep` goes to the top as `top`. Only `./guides/setup.md`
    // resolves from where `intro` is: `../top.md` leaves the space.
    await applyChanges(client, admin, space.id, changeRequest.id, [
      { operation: 'update_page', page: install, slug: 'setup', into: guides },
      { operation: 'update_page', page: deep, slug: 'top', into: null },
    ])
    assert.deepEqual(await linkItems(client, admin, `${cr}/links`), [
      ['ok', { kind: 'page', page: install }],
      ['broken', { kind: 'url', url: '../top.md' }],
    ])
    assert.equal(
      await storedMarkdown(client, admin, `${cr}/content`, intro),
      `[guide](/pages/${install}) [up](../top.md)\n`
    )
  })

  test('a link to a page that never appears stays broken; other edits read no other page', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const cr = `/spaces/${space.id}/change-requests/${changeRequest.id}`
    const first = await applyChanges(client, admin, space.id, changeRequest.id, [
      insertPage('[never](./never.md)\n', { ref: 'a', title: 'A' }),
      insertPage('[never](../never.md)\n', { ref: 'b', title: 'B', into: 'a' }),
      insertPage('Plain.\n', { ref: 'c', title: 'C' }),
    ])
    const [a, , c] = first.changes.map((change: any) => change.page.id)

    // Neither batch reads the documents of a or b: their links name no page after either.
    const pending = new Set(
      ['[never](./never.md)\n', '[never](../never.md)\n'].map((text) =>
        hashObject('document', text)
      )
    )
    const store = ContentStore.prototype as any
    const readDocument = store.readDocument
    const read: string[] = []
    store.readDocument = function (this: unknown, ...args: any[]) {
      if (pending.has(args[2])) read.push(args[2])
      return readDocument.apply(this, args)
    }
    try {
      await applyChanges(client, admin, space.id, changeRequest.id, [
        { operation: 'update_page', page: c, document: { markdown: 'Edited.\n' } },
      ])
      await applyChanges(client, admin, space.id, changeRequest.id, [
        insertPage('Other.\n', { ref: 'other', title: 'Other' }),
      ])
    } finally {
      store.readDocument = readDocument
    }
    assert.deepEqual(read, [])

    const listed = await links(client, admin, `${cr}/links`)
    assert.deepEqual(listed.items, [
      ['broken', { kind: 'url', url: './never.md' }],
      ['broken', { kind: 'url', url: '../never.md' }],
    ])
    assert.equal(await storedMarkdown(client, admin, `${cr}/content`, a), '[never](./never.md)\n')
  })

  test('after a merge, path links resolve against the space; moving either page away breaks them', async ({
    client,
    assert,
  }) => {
    const { admin, space, intro, later } = await mergedPathLinks(client)

    // The merge writes what the three-way merge gives: the links stay paths, and resolve.
    const onSpace = await links(client, admin, `/spaces/${space.id}/links`)
    assert.deepEqual(onSpace.items, resolvedItems(later))
    assert.equal(await storedMarkdown(client, admin, `/spaces/${space.id}/content`, intro), INTRO)

    // Renaming the target: the paths name nothing any more.
    const rename = await createChangeRequest(client, admin, space.id)
    await applyChanges(client, admin, space.id, rename.id, [
      { operation: 'update_page', page: later, slug: 'sooner' },
    ])
    const renamed = await links(
      client,
      admin,
      `/spaces/${space.id}/change-requests/${rename.id}/links`
    )
    assert.deepEqual(renamed.items, pendingItems)
    assert.equal(renamed.stats.broken.changeRequest, 2)

    // Moving the linking page: `./later.md` is relative to where it is now.
    const move = await createChangeRequest(client, admin, space.id)
    await applyChanges(client, admin, space.id, move.id, [
      { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'G.\n' } },
      { operation: 'update_page', page: intro, into: 'guides' },
    ])
    const moved = await links(client, admin, `/spaces/${space.id}/change-requests/${move.id}/links`)
    assert.deepEqual(moved.items, pendingItems)

    // The space itself is unchanged.
    assert.deepEqual(
      await linkItems(client, admin, `/spaces/${space.id}/links`),
      resolvedItems(later)
    )
  })

  test('reads: the PDF jumps to the page a nested path link names', async ({ client, assert }) => {
    const { admin, space } = await adminSpace(client)
    const { guides } = await authorAndMerge(client, admin, space.id, [
      { operation: 'insert_page', ref: 'guides', title: 'Guides', document: { markdown: 'G.\n' } },
    ])
    const first = await createChangeRequest(client, admin, space.id)
    const second = await createChangeRequest(client, admin, space.id)
    await applyChanges(client, admin, space.id, first.id, [
      insertPage('[later](./later.md)\n', { ref: 'intro', title: 'Intro', into: guides }),
    ])
    const created = await applyChanges(client, admin, space.id, second.id, [
      insertPage('## Later\n', { ref: 'later', title: 'Later', into: guides }),
    ])
    const later = created.changes[0].page.id
    await merge(client, admin, space.id, second.id)
    await merge(client, admin, space.id, first.id)

    // `./later.md` of `guides/intro` is `guides/later` (not the top-level `later`).
    const issued = await get(client, admin, `/spaces/${space.id}/pdf`)
    assertAnswer(issued, 200)
    const response = await fetch(issued.body().url)
    assert.equal(response.status, 200)
    const pdf = await parsePdf(new Uint8Array(await response.arrayBuffer()))
    assert.include(pdf.links, `#page-${later}`)
  })

  test("another organization's pages never resolve a path link, nor get rewritten", async ({
    client,
    assert,
  }) => {
    const { admin, space, later } = await mergedPathLinks(client)
    const other = await adminSpace(client)
    const changeRequest = await createChangeRequest(client, other.admin, other.space.id)
    const cr = `/spaces/${other.space.id}/change-requests/${changeRequest.id}`
    const written = await applyChanges(client, other.admin, other.space.id, changeRequest.id, [
      insertPage(INTRO, { ref: 'intro', title: 'Intro' }),
    ])
    const theirIntro = written.changes[0].page.id
    // A path the first space holds names nothing in this one.
    assert.deepEqual(await linkItems(client, other.admin, `${cr}/links`), pendingItems)

    // A page created at that path in the first space's change request leaves this one alone.
    const mine = await createChangeRequest(client, admin, space.id)
    await applyChanges(client, admin, space.id, mine.id, [
      insertPage('Never.\n', { ref: 'never', title: 'Never' }),
    ])
    assert.deepEqual(await linkItems(client, other.admin, `${cr}/links`), pendingItems)
    assert.equal(await storedMarkdown(client, other.admin, `${cr}/content`, theirIntro), INTRO)
    const never = await pageAt(client, admin, space.id, mine.id, 'never')
    assert.deepEqual(
      await linkItems(client, admin, `/spaces/${space.id}/change-requests/${mine.id}/links`),
      [
        ['ok', { kind: 'page', page: later }],
        ['ok', { kind: 'anchor', anchor: 'section', page: later }],
        ['ok', { kind: 'page', page: never.id }],
      ]
    )

    // Nor may anyone else list them.
    const stranger = await createCaller()
    assertAnswer(await get(client, stranger, `${cr}/links`), 404)
    assertAnswer(await get(client, stranger, `/spaces/${space.id}/links`), 404)
  })
})

async function pageAt(
  client: ApiClient,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  path: string
) {
  const response = await get(
    client,
    caller,
    `/spaces/${spaceId}/change-requests/${changeRequestId}/content/path/${path}`
  )
  assertAnswer(response, 200)
  return response.body()
}
