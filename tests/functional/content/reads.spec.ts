import { test } from '@japa/runner'
import { assertAnswer } from '#tests/helpers/guards'
import app from '@adonisjs/core/services/app'
import type { ApiClient } from '@japa/api-client'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { validateContract } from '#tests/helpers/contract'
import SpaceAccessService from '#spaces/services/space_access_service'
import AuthoringService from '#content/services/authoring_service'
import type { ContentChange } from '#content/changes'
import { serializePage, serializeReusableContent } from '#content/serializers/revision_serializer'
import { insertPage, insertPngs, PNG_1X1 } from '#tests/helpers/fixtures_content'
import { applyChanges, createSpace, download, openChangeRequest } from './helpers.js'

/** A change request with a nested tree, a unicode slug and a file. */
async function authoredSpace(client: ApiClient) {
  const { admin, space, changeRequest } = await openChangeRequest(client, { subject: 'Docs' })
  const result = await applyChanges(client, admin, space.id, changeRequest.id, [
    insertPage('Start [here](./intro.md).\n', {
      ref: 'guides',
      title: 'Guides',
      emoji: '1f4d8',
      description: 'All guides',
    }),
    insertPage('Hello **world**\n\n![logo](./logo.png)\n', {
      ref: 'intro',
      into: 'guides',
      title: 'Intro',
    }),
    insertPage('Unicode\n', { ref: 'cafe', into: 'guides', title: 'Café 日本語' }),
    insertPngs('logo.png'),
  ])
  const [guides, intro, cafe] = result.changes.map((change: any) => change.page.id)
  return {
    admin,
    space,
    changeRequest: result.changeRequest,
    pages: { guides, intro, cafe },
    file: result.insertedFiles[0],
  }
}

async function get(
  client: ApiClient,
  caller: Caller,
  url: string,
  qs: Record<string, string | number> = {}
) {
  return client.get(url).qs(qs).bearerToken(caller.token)
}

test.group('Content reads', (group) => {
  eachTestInTransaction(group)

  test('a revision by id and the space after applyToSpace', async ({ client, assert }) => {
    const { admin, space, changeRequest, pages } = await authoredSpace(client)

    const byId = await get(
      client,
      admin,
      `/v1/spaces/${space.id}/revisions/${changeRequest.revision}`
    )
    assertAnswer(byId, 200)
    assert.equal(byId.body().id, changeRequest.revision)
    for (const [path, check] of [
      ['pages', (body: any) => assert.equal(body.pages[0].id, pages.guides)],
      ['files', (body: any) => assert.equal(body.count, 1)],
      [`page/${pages.cafe}`, (body: any) => assert.equal(body.title, 'Café 日本語')],
      [
        `path/${encodeURIComponent('guides/intro')}`,
        (body: any) => assert.equal(body.id, pages.intro),
      ],
    ] as const) {
      const response = await get(
        client,
        admin,
        `/v1/spaces/${space.id}/revisions/${changeRequest.revision}/${path}`
      )
      assertAnswer(response, 200)
      check(response.body())
    }

    // The space's current revision is still the empty one.
    const empty = await get(client, admin, `/v1/spaces/${space.id}/content`)
    assertAnswer(empty, 200)
    assert.equal(empty.body().id, space.revision)
    assert.deepEqual(empty.body().pages, [])
    assert.deepEqual(empty.body().parents, [])

    const access = await app.container
      .make(SpaceAccessService)
      .then((service) => service.spaceFor(admin.user.id, space.id))
    const authoring = await app.container.make(AuthoringService)
    const applied = await authoring.applyToSpace(admin.user, access, [
      insertPage('Welcome\n', { title: 'Home' }),
      insertPage('', { ref: 'api', title: 'API' }),
      insertPage('Tokens\n', { into: 'api', title: 'Auth' }),
    ] as unknown as ContentChange[])

    const current = await get(client, admin, `/v1/spaces/${space.id}/content`)
    assertAnswer(current, 200)
    assert.equal(current.body().id, applied.revision.id)
    assert.deepEqual(
      current.body().pages.map((page: any) => page.path),
      ['home', 'api']
    )
    const auth = await get(
      client,
      admin,
      `/v1/spaces/${space.id}/content/path/${encodeURIComponent('api/auth')}`,
      { format: 'markdown' }
    )
    assertAnswer(auth, 200)
    assert.equal(auth.body().markdown, 'Tokens\n')
    const page = await get(client, admin, `/v1/spaces/${space.id}/content/page/${auth.body().id}`, {
      format: 'markdown',
    })
    assertAnswer(page, 200)
    assert.equal(page.body().path, 'api/auth')
    const listed = await get(client, admin, `/v1/spaces/${space.id}/content/pages`)
    assertAnswer(listed, 200)
    assert.lengthOf(listed.body().pages[1].pages, 1)
    const files = await get(client, admin, `/v1/spaces/${space.id}/content/files`)
    assertAnswer(files, 200)
    assert.deepEqual(files.body(), { items: [], count: 0 })
  })

  test('a change request head: revision, pages, page by id and path, files', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages, file } = await authoredSpace(client)
    const cr = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`

    const revision = await get(client, admin, cr)
    assertAnswer(revision, 200)
    const body = revision.body()
    assert.equal(body.object, 'revision')
    assert.equal(body.id, changeRequest.revision)
    assert.equal(body.type, 'edits')
    assert.deepEqual(body.parents, [space.revision])
    assert.deepEqual(body.tags, [])
    assert.lengthOf(body.files, 1)
    assert.equal(body.pages[0].id, pages.guides)
    assert.equal(body.pages[0].kind, 'sheet')
    assert.equal(body.pages[0].description, 'All guides')
    assert.equal(body.pages[0].layout.width, 'default')
    assert.isTrue(body.pages[0].layout.anchors)
    // Pages read on a change request open on it in the console.
    assert.match(
      body.pages[0].urls.app,
      new RegExp(
        `/console/spaces/${space.id}/change-requests/${changeRequest.id}/pages/${pages.guides}$`
      )
    )
    assert.deepEqual(
      body.pages[0].pages.map((page: any) => [page.id, page.path]),
      [
        [pages.intro, 'guides/intro'],
        [pages.cafe, 'guides/cafe-日本語'],
      ]
    )
    assert.isString(body.pages[0].documentId)
    assert.notProperty(body.pages[0], 'markdown')

    // By number as well as by id.
    const byNumber = await get(
      client,
      admin,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.number}/content/pages`
    )
    assertAnswer(byNumber, 200)
    assert.deepEqual(byNumber.body().pages, body.pages)

    const markdown = await get(client, admin, `${cr}/page/${pages.intro}`, { format: 'markdown' })
    assertAnswer(markdown, 200)
    assert.equal(markdown.body().markdown, `Hello **world**\n\n![logo](/files/${file.id})\n`)
    assert.equal(markdown.body().path, 'guides/intro')
    assert.isString(markdown.body().createdAt)

    const encoded = await get(
      client,
      admin,
      `${cr}/path/${encodeURIComponent('guides/cafe-日本語')}`,
      { format: 'markdown' }
    )
    assertAnswer(encoded, 200)
    assert.equal(encoded.body().id, pages.cafe)
    assert.equal(encoded.body().markdown, 'Unicode\n')

    // GitBook's client sends the path's slashes as they are.
    const segments = await get(
      client,
      admin,
      `${cr}/path/guides/${encodeURIComponent('cafe-日本語')}`,
      { format: 'markdown' }
    )
    segments.assertStatus(200)
    validateContract('GET', `${cr}/path/x`, 200, segments.body())
    assert.equal(segments.body().id, pages.cafe)

    const top = await get(client, admin, `${cr}/path/guides`)
    assertAnswer(top, 200)
    assert.equal(top.body().id, pages.guides)

    const files = await get(client, admin, `${cr}/files`)
    assertAnswer(files, 200)
    assert.equal(files.body().count, 1)
    assert.notProperty(files.body(), 'next')
    const one = await get(client, admin, `${cr}/files/${file.id}`)
    assertAnswer(one, 200)
    assert.equal(one.body().id, file.id)
    assert.deepEqual(one.body().dimensions, { width: 1, height: 1 })
    await download(client, one.body().downloadURL, 'image/png')
  })

  test('format document (default) vs markdown, metadata=false, evaluated accepted', async ({
    client,
    assert,
  }) => {
    const { admin, space, changeRequest, pages } = await authoredSpace(client)
    const url = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${pages.intro}`

    const document = await get(client, admin, url, { evaluated: 'true' })
    assertAnswer(document, 200)
    const explicit = await get(client, admin, url, { format: 'document', evaluated: 'false' })
    assertAnswer(explicit, 200)
    assert.deepEqual(explicit.body(), document.body())
    if ('document' in document.body()) {
      assert.equal(document.body().document.object, 'document')
      assert.notProperty(document.body(), 'markdown')
    } else {
      // Without the markdown toolkit's JSON converter, the body is given as markdown.
      assert.isString(document.body().markdown)
    }

    const bare = await get(client, admin, url, {
      format: 'markdown',
      metadata: 'false',
      computed: 'false',
    })
    assertAnswer(bare, 200)
    assert.notProperty(bare.body(), 'createdAt')
    assert.notProperty(bare.body(), 'updatedAt')

    const tree = await get(
      client,
      admin,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`,
      { metadata: 'false' }
    )
    assertAnswer(tree, 200)
    assert.notProperty(tree.body().pages[0], 'createdAt')
    assert.notProperty(tree.body().pages[0].pages[0], 'updatedAt')
    assert.isString(tree.body().createdAt)
  })

  test('files are paginated in the revision order', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const result = await applyChanges(client, admin, space.id, changeRequest.id, [
      {
        operation: 'insert_files',
        files: [1, 2, 3, 4, 5].map((i) => ({
          name: `f${i}.txt`,
          contentType: 'text/plain',
          base64: Buffer.from(`file ${i}`).toString('base64'),
        })),
      },
    ])
    const url = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/files`
    const seen: string[] = []
    let cursor: string | undefined
    let pagesRead = 0
    do {
      const response = await get(
        client,
        admin,
        url,
        cursor ? { limit: 2, page: cursor } : { limit: 2 }
      )
      assertAnswer(response, 200)
      assert.equal(response.body().count, 5)
      seen.push(...response.body().items.map((item: any) => item.name))
      cursor = response.body().next?.page
      pagesRead++
    } while (cursor)
    assert.equal(pagesRead, 3)
    assert.deepEqual(seen, ['f1.txt', 'f2.txt', 'f3.txt', 'f4.txt', 'f5.txt'])
    const files = result.insertedFiles
    const text = await download(client, files[2].downloadURL)
    assert.equal(text.text(), 'file 3')

    for (const qs of [{ limit: 0 }, { limit: 1001 }, { page: 'nope' }, { limit: 'x' }]) {
      const bad = await get(client, admin, url, qs as any)
      assertAnswer(bad, 400)
    }
  })

  test('the PNG behind downloadURL is the uploaded bytes', async ({ client, assert }) => {
    const { admin, space, changeRequest, file } = await authoredSpace(client)
    const listed = await get(
      client,
      admin,
      `/v1/spaces/${space.id}/revisions/${changeRequest.revision}/files`
    )
    assertAnswer(listed, 200)
    const url = new URL(listed.body().items[0].downloadURL)
    assert.equal(listed.body().items[0].id, file.id)
    const response = await fetch(
      `http://${process.env.HOST}:${process.env.PORT}${url.pathname}${url.search}`
    )
    assert.equal(response.status, 200)
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.from(PNG_1X1, 'base64'))
  })

  test('unknown change request, revision, page, path, file, reusable content: 404', async ({
    client,
  }) => {
    const { admin, space, changeRequest, pages } = await authoredSpace(client)
    const cr = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`
    for (const url of [
      `/v1/spaces/${space.id}/change-requests/999/content`,
      `/v1/spaces/${space.id}/change-requests/abcdefghijklmnopqrst/content/pages`,
      `/v1/spaces/${space.id}/revisions/abcdefghijklmnopqrst`,
      `/v1/spaces/${space.id}/revisions/abcdefghijklmnopqrst/files`,
      `${cr}/page/abcdefghijklmnopqrst`,
      `${cr}/path/guides%2Fnope`,
      `${cr}/path/guides/nope`,
      `${cr}/files/abcdefghijklmnopqrst`,
      `${cr}/reusable-contents/abcdefghijklmnopqrst`,
      `/v1/spaces/${space.id}/content/page/${pages.intro}`,
      `/v1/spaces/abcdefghijklmnopqrst/content`,
    ]) {
      const response = await get(client, admin, url)
      response.assertStatus(404)
      validateContract('GET', url.replace('/path/guides/nope', '/path/x'), 404, response.body())
    }
  })

  test("another organization's space and another space's revision are 404, never data", async ({
    client,
    assert,
  }) => {
    const { space, changeRequest, pages, file } = await authoredSpace(client)
    const stranger = await createCaller()
    const own = await createSpace(client, stranger)
    for (const url of [
      `/v1/spaces/${space.id}/content`,
      `/v1/spaces/${space.id}/content/pages`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${pages.intro}`,
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/files/${file.id}`,
      `/v1/spaces/${space.id}/revisions/${changeRequest.revision}`,
      // This space's URL naming the other space's revision.
      `/v1/spaces/${own.id}/revisions/${changeRequest.revision}`,
      `/v1/spaces/${own.id}/revisions/${changeRequest.revision}/page/${pages.intro}`,
      `/v1/spaces/${own.id}/change-requests/${changeRequest.id}/content`,
    ]) {
      const response = await get(client, stranger, url)
      assertAnswer(response, 404)
      assert.notInclude(JSON.stringify(response.body()), 'Intro')
    }
  })

  test('bad query values are 400, a wrong or missing token 401', async ({ client }) => {
    const { admin, space, changeRequest, pages } = await authoredSpace(client)
    const page = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content/page/${pages.intro}`
    const bad: Record<string, string>[] = [
      { format: 'html' },
      { metadata: '1' },
      { computed: 'yes' },
      { evaluated: 'maybe' },
      { metadata: 'TRUE' },
    ]
    for (const qs of bad) {
      const response = await get(client, admin, page, qs)
      assertAnswer(response, 400)
    }
    const repeated = await client
      .get(`${page}?format=markdown&format=document`)
      .bearerToken(admin.token)
    assertAnswer(repeated, 400)
    const revision = await get(client, admin, `/v1/spaces/${space.id}/content`, { metadata: 'no' })
    assertAnswer(revision, 400)

    for (const request of [
      client.get(page),
      client.get(`/v1/spaces/${space.id}/content`).bearerToken('gb_api_not-a-real-token'),
    ]) {
      const response = await request
      assertAnswer(response, 401)
    }
  })
})

test.group('Content reads / serializers', () => {
  test('group and link pages and reusable contents have GitBook shapes', ({ assert }) => {
    /** A tree page `id` whose node's title and slug are its id, under the group `grp`. */
    const treePage = (
      id: string,
      type: 'document' | 'group' | 'link',
      hash: string,
      extra: Record<string, unknown> = {},
      children: unknown[] = []
    ) => ({
      node: {
        id,
        type,
        title: id,
        slug: id,
        createdAt: '2024-01-01T00:00:00.000Z',
        updatedAt: '2024-01-01T00:00:00.000Z',
        children: [],
        ...extra,
      },
      hash,
      path: type === 'group' ? id : `grp/${id}`,
      parentId: type === 'group' ? null : 'grp',
      children,
    })
    const group = treePage('grp', 'group', 'h0', {}, [
      treePage('doc', 'document', 'h1', { layout: { width: 'wide' } }),
      treePage('lnk', 'link', 'h2', { href: '/pages/doc' }),
      treePage('ext', 'link', 'h3', { href: 'https://example.com' }),
    ])
    const serialized = serializePage('space1', group as any, { metadata: true }) as any
    validateContract('GET', '/v1/spaces/s/content/pages', 200, { pages: [serialized] })
    assert.equal(serialized.kind, 'group')
    assert.equal(serialized.pages[0].layout.width, 'wide')
    assert.isTrue(serialized.pages[0].layout.outline)
    assert.deepEqual(serialized.pages[1].target, { kind: 'page', page: 'doc' })
    assert.deepEqual(serialized.pages[2].target, { kind: 'url', url: 'https://example.com' })
    const reusable = serializeReusableContent({ id: 'rc1', title: 'Snippet', document: 'abc' })
    validateContract('GET', '/v1/spaces/s/content/reusable-contents/rc1', 200, reusable)
  })
})
