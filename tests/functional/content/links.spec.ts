import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { appUrl } from '#config/app'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import SpaceAccessService from '#spaces/services/space_access_service'
import AuthoringService from '#content/services/authoring_service'
import type { ContentChange } from '#content/changes'
import { insertPage, insertPngs } from '#tests/helpers/fixtures_content'
import { adminSpace, applyChanges, createChangeRequest } from './helpers.js'

const MISSING_FILE = 'AAAAAAAAAAAAAAAAAAAA'

async function applyToSpace(caller: Caller, spaceId: string, changes: ContentChange[]) {
  const make = await app.container.make(SpaceAccessService)
  const access = await make.spaceFor(caller.user.id, spaceId)
  const authoring = await app.container.make(AuthoringService)
  return authoring.applyToSpace(caller.user, access, changes)
}

/**
 * A space whose current revision holds: `intro` (11 links: 2 broken anchor links, a broken
 * file link, an unresolved relative link, an image, external, in-app and mailto URLs), `guide`
 * (an image and a link to the deleted page `old`), and the file `logo.png`.
 */
async function linkedSpace(client: ApiClient) {
  const { admin, space } = await adminSpace(client)
  const first = await applyToSpace(admin, space.id, [
    insertPage(
      [
        '## Setup',
        '',
        'See [guide](./guide.md), [install](./guide.md#install), [nope](./guide.md#nope).',
        '',
        'Here: [setup](#setup), [none](#none).',
        '',
        '![logo](./logo.png)',
        '',
        `[ext](https://example.com/x) [app](${appUrl}/console/spaces) [mail](mailto:a@example.com)`,
        '',
        `[nowhere](./nowhere.md) [gone file](/files/${MISSING_FILE})`,
        '',
      ].join('\n'),
      { ref: 'intro', title: 'Intro' }
    ),
    insertPage('## Install\n\n![logo](./logo.png) [old](./old.md)\n', {
      ref: 'guide',
      title: 'Guide',
    }),
    insertPage('Old page', { ref: 'old', title: 'Old' }),
    insertPngs('logo.png'),
  ])
  const [intro, guide, old] = first.revision.pages.map((page) => page.node.id)
  const logo = first.insertedFiles[0].id
  await applyToSpace(admin, space.id, [{ operation: 'delete_page', page: old }])
  return { admin, space, intro, guide, old, logo }
}

function get(client: ApiClient, caller: Caller, path: string, qs: Record<string, unknown> = {}) {
  return client.get(`/v1${path}`).qs(qs).bearerToken(caller.token)
}

async function listAll(
  client: ApiClient,
  caller: Caller,
  path: string,
  qs: Record<string, unknown>
) {
  const items: any[] = []
  let page: string | undefined
  let pages = 0
  do {
    const response = await get(client, caller, path, { ...qs, ...(page ? { page } : {}) })
    assertAnswer(response, 200)
    items.push(...response.body().items)
    page = response.body().next?.page
    pages++
  } while (page)
  return { items, pages }
}

test.group('Link listings', (group) => {
  eachTestInTransaction(group)

  test('classifies every link of the space revision in tree and document order', async ({
    client,
    assert,
  }) => {
    const { admin, space, intro, guide, old, logo } = await linkedSpace(client)

    const response = await get(client, admin, `/spaces/${space.id}/links`)
    assertAnswer(response, 200)
    const body = response.body()
    assert.deepEqual(body.stats, { total: 13, broken: { total: 5, changeRequest: 0 } })
    assert.equal(body.count, 13)
    assert.notProperty(body, 'next')
    // [status, relation, target] of each link, and the page it stands in.
    const listed = (item: any) => [
      item.status,
      item.relation,
      item.targetReference,
      item.locationReferences,
    ]
    const on = (page: string, links: unknown[][]) =>
      links.map((link) => [...link, [{ kind: 'page', page }]])
    assert.deepEqual(body.items.map(listed), [
      ...on(intro, [
        ['ok', 'reference', { kind: 'page', page: guide }],
        ['ok', 'reference', { kind: 'anchor', anchor: 'install', page: guide }],
        ['broken', 'reference', { kind: 'anchor', anchor: 'nope', page: guide }],
        ['ok', 'reference', { kind: 'anchor', anchor: 'setup' }],
        ['broken', 'reference', { kind: 'anchor', anchor: 'none' }],
        ['ok', 'embed', { kind: 'file', file: logo }],
        ['ok', 'reference', { kind: 'url', url: 'https://example.com/x' }],
        ['in-app', 'reference', { kind: 'url', url: `${appUrl}/console/spaces` }],
        ['ok', 'reference', { kind: 'url', url: 'mailto:a@example.com' }],
        ['broken', 'reference', { kind: 'url', url: './nowhere.md' }],
        ['broken', 'reference', { kind: 'file', file: MISSING_FILE }],
      ]),
      ...on(guide, [
        ['ok', 'embed', { kind: 'file', file: logo }],
        ['broken', 'reference', { kind: 'page', page: old }],
      ]),
    ])
  })

  test('filters by status; stats keep counting the whole listing', async ({ client, assert }) => {
    const { admin, space } = await linkedSpace(client)
    for (const [status, count] of [
      ['broken', 5],
      ['in-app', 1],
      ['ok', 7],
    ] as const) {
      const response = await get(client, admin, `/spaces/${space.id}/links`, { status })
      assertAnswer(response, 200)
      assert.equal(response.body().count, count)
      assert.lengthOf(response.body().items, count)
      assert.isTrue(response.body().items.every((item: any) => item.status === status))
      assert.deepEqual(response.body().stats, { total: 13, broken: { total: 5, changeRequest: 0 } })
    }
  })

  test('paginates with stable cursors, also under a filter and after the space moves on', async ({
    client,
    assert,
  }) => {
    const { admin, space, intro } = await linkedSpace(client)
    const listed = await get(client, admin, `/spaces/${space.id}/links`)
    const all = listed.body().items

    const paged = await listAll(client, admin, `/spaces/${space.id}/links`, { limit: 5 })
    assert.equal(paged.pages, 3)
    assert.deepEqual(paged.items, all)

    const broken = await listAll(client, admin, `/spaces/${space.id}/links`, {
      limit: 4,
      status: 'broken',
    })
    assert.equal(broken.pages, 2)
    assert.deepEqual(
      broken.items,
      all.filter((item: any) => item.status === 'broken')
    )

    // A cursor pins the revision its first page came from.
    const first = await get(client, admin, `/spaces/${space.id}/links`, { limit: 10 })
    await applyToSpace(admin, space.id, [
      { operation: 'update_page', page: intro, document: { markdown: 'No links' } },
    ])
    const rest = await get(client, admin, `/spaces/${space.id}/links`, {
      limit: 10,
      page: first.body().next.page,
    })
    rest.assertStatus(200)
    assert.deepEqual(rest.body().items, all.slice(10))
    const now = await get(client, admin, `/spaces/${space.id}/links`)
    assert.equal(now.body().stats.total, 2)
  })

  test('lists the links of one page', async ({ client, assert }) => {
    const { admin, space, guide, old, logo } = await linkedSpace(client)
    const response = await get(client, admin, `/spaces/${space.id}/content/page/${guide}/links`)
    assertAnswer(response, 200)
    assert.deepEqual(response.body().stats, { total: 2, broken: { total: 1, changeRequest: 0 } })
    assert.deepEqual(
      response.body().items.map((item: any) => item.targetReference),
      [
        { kind: 'file', file: logo },
        { kind: 'page', page: old },
      ]
    )
    const broken = await get(client, admin, `/spaces/${space.id}/content/page/${guide}/links`, {
      status: 'broken',
    })
    broken.assertContract()
    assert.equal(broken.body().count, 1)
  })

  test('lists the pages that embed or link to a file', async ({ client, assert }) => {
    const { admin, space, intro, guide, logo } = await linkedSpace(client)
    const listed = await get(client, admin, `/spaces/${space.id}`)
    const revision = listed.body().revision
    const first = await get(client, admin, `/spaces/${space.id}/content/files/${logo}/backlinks`, {
      limit: 1,
    })
    assertAnswer(first, 200)
    assert.equal(first.body().count, 2)
    const location = (page: string) => ({
      kind: 'page',
      organization: admin.organizationId,
      space: space.id,
      versionContext: { type: 'revision', revision },
      page,
      file: logo,
    })
    assert.deepEqual(first.body().items, [location(intro)])
    const second = await get(client, admin, `/spaces/${space.id}/content/files/${logo}/backlinks`, {
      limit: 1,
      page: first.body().next.page,
    })
    assertAnswer(second, 200)
    assert.deepEqual(second.body().items, [location(guide)])
    assert.notProperty(second.body(), 'next')
  })

  test('change requests: their head, and the broken links they introduce', async ({
    client,
    assert,
  }) => {
    const { admin, space, intro, guide, old, logo } = await linkedSpace(client)
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const cr = `/spaces/${space.id}/change-requests/${changeRequest.id}`

    const untouched = await get(client, admin, `${cr}/links`)
    assertAnswer(untouched, 200)
    assert.deepEqual(untouched.body().stats, { total: 13, broken: { total: 5, changeRequest: 0 } })

    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'update_page',
        page: guide,
        document: {
          markdown: `![logo](/files/${logo}) [old](/pages/${old}) [new](./missing.md) [again](./missing.md)`,
        },
      },
    ])

    const listing = await get(
      client,
      admin,
      `/spaces/${space.id}/change-requests/${changeRequest.number}/links`,
      { status: 'broken' }
    )
    assertAnswer(listing, 200)
    // The new document drops `## Install`: intro's link to guide#install breaks too.
    assert.deepEqual(listing.body().stats, { total: 15, broken: { total: 8, changeRequest: 3 } })
    assert.equal(listing.body().count, 8)
    assert.deepInclude(listing.body().items, {
      status: 'broken',
      relation: 'reference',
      targetReference: { kind: 'anchor', anchor: 'install', page: guide },
      locationReferences: [{ kind: 'page', page: intro }],
    })

    const onSpace = await get(client, admin, `/spaces/${space.id}/links`)
    assert.deepEqual(onSpace.body().stats, { total: 13, broken: { total: 5, changeRequest: 3 } })

    const page = await get(client, admin, `${cr}/content/page/${guide}/links`)
    assertAnswer(page, 200)
    assert.deepEqual(page.body().stats, { total: 4, broken: { total: 3, changeRequest: 2 } })

    const backlinks = await get(client, admin, `${cr}/content/files/${logo}/backlinks`)
    assertAnswer(backlinks, 200)
    assert.equal(backlinks.body().items[1].versionContext.revision, result.changeRequest.revision)
    assert.equal(backlinks.body().count, 2)
  })

  test('404 for unknown pages, files, change requests and spaces of other organizations', async ({
    client,
  }) => {
    const { admin, space, logo, old } = await linkedSpace(client)
    const stranger = await createCaller()
    const paths = [
      `/spaces/${space.id}/content/page/${old}/links`,
      `/spaces/${space.id}/content/page/BBBBBBBBBBBBBBBBBBBB/links`,
      `/spaces/${space.id}/content/files/${MISSING_FILE}/backlinks`,
      `/spaces/${space.id}/change-requests/99/links`,
      `/spaces/${space.id}/change-requests/99/content/files/${logo}/backlinks`,
    ]
    for (const path of paths) {
      const response = await get(client, admin, path)
      assertAnswer(response, 404)
    }
    for (const path of [
      `/spaces/${space.id}/links`,
      `/spaces/${space.id}/content/files/${logo}/backlinks`,
    ]) {
      const response = await get(client, stranger, path)
      assertAnswer(response, 404)
    }
  })

  test('400 for a bad status, limit or cursor', async ({ client }) => {
    const { admin, space, logo } = await linkedSpace(client)
    const cases: [string, Record<string, unknown>][] = [
      [`/spaces/${space.id}/links`, { status: 'dead' }],
      [`/spaces/${space.id}/links`, { limit: 0 }],
      [`/spaces/${space.id}/links`, { limit: 1001 }],
      [`/spaces/${space.id}/links`, { page: 'not-a-cursor' }],
      [
        `/spaces/${space.id}/links`,
        { page: Buffer.from('["BBBBBBBBBBBBBBBBBBBB",1]').toString('base64url') },
      ],
      [`/spaces/${space.id}/content/files/${logo}/backlinks`, { limit: 1001 }],
    ]
    for (const [path, qs] of cases) {
      const response = await get(client, admin, path, qs)
      assertAnswer(response, 400)
    }
  })
})
