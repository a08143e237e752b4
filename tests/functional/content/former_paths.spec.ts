import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import ContentReadService from '#content/services/content_read_service'
import { createSpace } from './helpers.js'
import { authorAndMerge } from '../change_requests/merge_helpers.js'

const insert = (ref: string, slug: string, into?: string) => ({
  operation: 'insert_page',
  ref,
  title: slug,
  slug,
  ...(into ? { into } : {}),
  document: { markdown: `${slug}\n` },
})

/** An update_page change giving the page another slug. */
const rename = (page: string, slug: string) => ({ operation: 'update_page', page, slug })

/** A new admin's space holding `guides` (with `guides/intro`) and `other`, merged. */
async function spaceWithGuides(client: ApiClient) {
  const admin = await createCaller()
  const space = await createSpace(client, admin)
  const pages = await authorAndMerge(client, admin, space.id, [
    insert('guides', 'guides'),
    insert('intro', 'intro', 'guides'),
    insert('other', 'other'),
  ])
  return { admin, space, pages }
}

/** The reader and the space's current revision. */
async function current(admin: Caller, spaceId: string) {
  const reader = await app.container.make(ContentReadService)
  const { tree } = await reader.resolve(admin.user.id, spaceId, { kind: 'space' })
  return { reader, tree }
}

/** The current path of the page that once lived at `path`, or null. */
async function formerPath(admin: Caller, spaceId: string, path: string) {
  const { reader, tree } = await current(admin, spaceId)
  const page = await reader.formerPage(tree, path)
  return page ? { id: page.node.id, path: page.path } : null
}

test.group('Former page paths', (group) => {
  eachTestInTransaction(group)

  test('a renamed page, its descendants and a moved page are found at their old paths', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithGuides(client)
    await authorAndMerge(client, admin, space.id, [
      rename(pages.guides, 'handbook'),
      { operation: 'update_page', page: pages.other, into: pages.guides },
    ])

    assert.deepEqual(await formerPath(admin, space.id, 'guides'), {
      id: pages.guides,
      path: 'handbook',
    })
    assert.deepEqual(await formerPath(admin, space.id, '/guides/intro/'), {
      id: pages.intro,
      path: 'handbook/intro',
    })
    assert.deepEqual(await formerPath(admin, space.id, 'other'), {
      id: pages.other,
      path: 'handbook/other',
    })
    assert.isNull(await formerPath(admin, space.id, 'never-was'))
  })

  test('a chain of renames resolves every old path to the current one', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithGuides(client)
    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'second')])
    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'third')])

    for (const path of ['other', 'second']) {
      assert.deepEqual(await formerPath(admin, space.id, path), { id: pages.other, path: 'third' })
    }
  })

  test('the old path of a page deleted since leads nowhere', async ({ client, assert }) => {
    const { admin, space, pages } = await spaceWithGuides(client)
    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'renamed')])
    await authorAndMerge(client, admin, space.id, [{ operation: 'delete_page', page: pages.other }])

    assert.isNull(await formerPath(admin, space.id, 'other'))
    assert.isNull(await formerPath(admin, space.id, 'renamed'))
  })

  test('a path taken again by a new page is that page’s: readers ask the current tree first', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithGuides(client)
    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'moved')])
    const { reused } = await authorAndMerge(client, admin, space.id, [insert('reused', 'other')])

    // The former-path row still names the page that left `other`; a site resolving `other` asks
    // pageByPath first and serves the new page, and only falls back to formerPage on a miss.
    const { reader, tree } = await current(admin, space.id)
    assert.equal(reader.pageByPath(tree, 'other').node.id, reused)
    assert.deepEqual(await formerPath(admin, space.id, 'other'), {
      id: pages.other,
      path: 'moved',
    })
  })

  test('edits that move no page record no path; renaming back and forth keeps one row per path', async ({
    client,
    assert,
  }) => {
    const { admin, space, pages } = await spaceWithGuides(client)
    const rows = async () => {
      const found = await db.from('page_former_paths').where('space_id', space.id).orderBy('path')
      return found.map((row) => [row.path, row.page_id])
    }
    await authorAndMerge(client, admin, space.id, [
      { operation: 'update_page', page: pages.intro, document: { markdown: 'Edited.\n' } },
    ])
    assert.lengthOf(await rows(), 0)

    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'elsewhere')])
    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'other')])
    await authorAndMerge(client, admin, space.id, [rename(pages.other, 'elsewhere')])
    assert.deepEqual(await rows(), [
      ['elsewhere', pages.other],
      ['other', pages.other],
    ])
  })
})
