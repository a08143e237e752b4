import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import type { ApiClient } from '@japa/api-client'
import { createCaller, eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { startTestSite, trailingSlashRoutes, type TestSite } from '#tests/helpers/import_site'
import ContentStore from '#content/services/content_store'
import { adminSpace, openChangeRequest } from './helpers.js'

const store = new ContentStore()

/** POSTs an import of `body` to `{path}/content/import` (a space or a change request) as `caller`. */
function postImport(
  client: ApiClient,
  caller: Caller,
  path: string,
  body: Record<string, unknown>
) {
  return client.post(`${path}/content/import`).bearerToken(caller.token).json(body)
}

/** The space's current revision, as its admin reads it. */
async function currentRevision(client: ApiClient, admin: Caller, spaceId: string) {
  const response = await client.get(`/v1/spaces/${spaceId}`).bearerToken(admin.token)
  return response.body().revision
}

test.group('POST .../content/import', (group) => {
  eachTestInTransaction(group)
  let site: TestSite
  let allowed: string | undefined

  group.setup(async () => {
    site = await startTestSite(trailingSlashRoutes())
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
    }
  })

  test('imports a local website into the space as pages with their images', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const response = await postImport(client, admin, `/v1/spaces/${space.id}`, {
      url: `${site.origin}/docs/`,
      source: 'website',
    })
    response.assertStatus(201)
    const body = response.body()
    assert.isAbove(body.importedResources, 3)
    assert.isAtLeast(body.totalResources, body.importedResources)
    assert.equal(await currentRevision(client, admin, space.id), body.revision)
    const tree = await store.loadTree(db.connection(), space.id, body.revision)
    const titles = [...tree.byId.values()].map((page) => page.node.title)
    assert.isAbove(titles.length, 2)
    assert.isAtLeast(tree.files.length, 1)
    assert.equal(tree.files[0].contentType, 'image/png')
    const withImage = [...tree.byId.values()].find((page) => page.node.document)
    assert.exists(withImage)
    const markdowns = await Promise.all(
      [...tree.byId.values()].map((page) =>
        store.readDocument(db.connection(), space.id, page.node.document!)
      )
    )
    assert.isTrue(markdowns.some((markdown) => markdown.includes(`/files/${tree.files[0].id}`)))
  })

  test('imports pages at paths with a trailing slash, fetched as written', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const before = site.requests.length
    const response = await postImport(client, admin, `/v1/spaces/${space.id}`, {
      url: `${site.origin}/site/s0/`,
      source: 'website',
    })
    response.assertStatus(201)
    const requested = site.requests.slice(before)
    // The start page, its 30 children, p0/sub/ and the moved page: 33 pages, none lost.
    assert.equal(response.body().importedResources, 33)
    assert.notInclude(requested, '/site/s0/p1', 'fetched without its trailing slash')
    assert.includeMembers(requested, ['/site/s0/p1/', '/site/s0/p0/sub/', '/site/s0/moved'])
    const tree = await store.loadTree(db.connection(), space.id, response.body().revision)
    const pages = [...tree.byId.values()]
    assert.lengthOf(pages, 33)
    // `moved` redirects to `moved/`: one page, not two.
    assert.lengthOf(
      pages.filter((page) => page.node.title === 'Moved'),
      1
    )
    const deeper = pages.find((page) => page.node.title === 'Deeper')!
    const p0 = pages.find((page) => page.node.title === 'Page p0')!
    assert.equal(deeper.parentId, p0.node.id)
  })

  test('imports into a change request, leaving the space as it was', async ({ client, assert }) => {
    const { admin, space, changeRequest } = await openChangeRequest(client)
    const path = `/v1/spaces/${space.id}/change-requests/${changeRequest.number}`
    const response = await postImport(client, admin, path, {
      url: `${site.origin}/docs/guide`,
      source: 'website',
    })
    response.assertStatus(201)
    const after = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)
      .bearerToken(admin.token)
    assert.equal(after.body().revision, response.body().revision)
    assert.equal(await currentRevision(client, admin, space.id), space.revision)
  })

  test('an import gives a path a page: links written to it before resolve and are rewritten', async ({
    client,
    assert,
  }) => {
    // Where the import puts the pages: learnt from a first import elsewhere.
    const probe = await adminSpace(client)
    const probed = await postImport(client, probe.admin, `/v1/spaces/${probe.space.id}`, {
      url: `${site.origin}/docs/guide`,
      source: 'website',
    })
    probed.assertStatus(201)
    const probeTree = await store.loadTree(db.connection(), probe.space.id, probed.body().revision)
    const imported = [...probeTree.byId.values()].find((page) => page.node.type === 'document')!

    const { admin, space, changeRequest } = await openChangeRequest(client)
    const path = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`
    const link = `/pages/${imported.path}`
    const written = await client
      .post(`${path}/content`)
      .qs({ compat: false })
      .bearerToken(admin.token)
      .json({
        changes: [
          { operation: 'insert_page', title: 'Z', document: { markdown: `[it](${link})\n` } },
        ],
      })
    written.assertStatus(200)
    written.assertContract()
    const linking = written.body().changes[0].page.id
    const before = await client.get(`${path}/links`).bearerToken(admin.token)
    before.assertContract()
    assert.equal(before.body().items[0].status, 'broken')

    const response = await postImport(client, admin, path, {
      url: `${site.origin}/docs/guide`,
      source: 'website',
    })
    response.assertStatus(201)
    const tree = await store.loadTree(db.connection(), space.id, response.body().revision)
    const target = [...tree.byId.values()].find((page) => page.path === imported.path)!
    const after = await client.get(`${path}/links`).bearerToken(admin.token)
    after.assertContract()
    const items = after
      .body()
      .items.filter((item: any) => item.locationReferences[0].page === linking)
    assert.deepEqual(
      items.map((item: any) => [item.status, item.targetReference]),
      [['ok', { kind: 'page', page: target.node.id }]]
    )
    const markdown = await store.readDocument(
      db.connection(),
      space.id,
      tree.byId.get(linking)!.node.document!
    )
    assert.equal(markdown, `[it](/pages/${target.node.id})\n`)
  })

  test('refuses {name}')
    .with([
      { name: 'loopback hosts that are not allowed', url: 'http://localhost:9/docs', field: 'url' },
      { name: 'private networks', url: 'http://10.0.0.1/docs', field: 'url' },
      { name: 'cloud metadata addresses', url: 'http://169.254.169.254/latest', field: 'url' },
      {
        name: 'IPv4-translated IPv6 of the metadata address',
        url: 'http://[::ffff:0:a9fe:a9fe]/latest',
        field: 'url',
      },
      {
        name: 'local-use NAT64 of the metadata address',
        url: 'http://[64:ff9b:1::a9fe:a9fe]/latest',
        field: 'url',
      },
      { name: '6to4 of a private network', url: 'http://[2002:a00:1::]/docs', field: 'url' },
      { name: 'other schemes', url: 'ftp://example.com/docs', field: 'url' },
      {
        name: 'an unsupported source',
        url: 'https://example.com',
        source: 'file',
        field: 'source',
      },
      { name: 'a missing source', url: 'https://example.com', source: null, field: 'source' },
    ])
    .run(async ({ client, assert }, { url, source, field }) => {
      const { admin, space } = await adminSpace(client)
      const body: Record<string, unknown> = { url }
      if (source !== null) body.source = source ?? 'website'
      const response = await postImport(client, admin, `/v1/spaces/${space.id}`, body)
      response.assertStatus(400)
      assert.include(response.body().error.message, field)
      // Every IP literal is refused by the SSRF guard's classification, not as a malformed URL.
      if (url.includes('[')) assert.include(response.body().error.message, 'private or reserved')
      assert.equal(await currentRevision(client, admin, space.id), space.revision)
    })

  test('readers may not import; another organization never learns the space exists', async ({
    client,
  }) => {
    const { admin, space } = await adminSpace(client)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const stranger = await createCaller()
    const body = { url: `${site.origin}/docs/`, source: 'website' }
    const asReader = await postImport(client, reader, `/v1/spaces/${space.id}`, body)
    asReader.assertStatus(403)
    const asStranger = await postImport(client, stranger, `/v1/spaces/${space.id}`, body)
    asStranger.assertStatus(404)
  })
})
