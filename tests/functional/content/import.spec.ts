import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { startTestSite, type TestSite } from '#tests/helpers/import_site'
import ContentStore from '#content/services/content_store'
import { createChangeRequest, createSpace } from './helpers.js'

const store = new ContentStore()

test.group('POST .../content/import', (group) => {
  eachTestInTransaction(group)
  let site: TestSite
  let allowed: string | undefined

  group.setup(async () => {
    site = await startTestSite()
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
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const response = await client
      .post(`/v1/spaces/${space.id}/content/import`)
      .bearerToken(admin.token)
      .json({ url: `${site.origin}/docs/`, source: 'website' })
    response.assertStatus(201)
    const body = response.body()
    assert.isAbove(body.importedResources, 3)
    assert.isAtLeast(body.totalResources, body.importedResources)

    const current = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.equal(current.body().revision, body.revision)
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

  test('imports into a change request, leaving the space as it was', async ({ client, assert }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const changeRequest = await createChangeRequest(client, admin, space.id)
    const response = await client
      .post(`/v1/spaces/${space.id}/change-requests/${changeRequest.number}/content/import`)
      .bearerToken(admin.token)
      .json({ url: `${site.origin}/docs/guide`, source: 'website' })
    response.assertStatus(201)
    const after = await client
      .get(`/v1/spaces/${space.id}/change-requests/${changeRequest.id}`)
      .bearerToken(admin.token)
    assert.equal(after.body().revision, response.body().revision)
    const current = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
    assert.equal(current.body().revision, space.revision)
  })

  test('refuses {name}')
    .with([
      { name: 'loopback hosts that are not allowed', url: 'http://localhost:9/docs', field: 'url' },
      { name: 'private networks', url: 'http://10.0.0.1/docs', field: 'url' },
      { name: 'cloud metadata addresses', url: 'http://169.254.169.254/latest', field: 'url' },
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
      const admin = await createCaller()
      const space = await createSpace(client, admin)
      const body: Record<string, unknown> = { url }
      if (source !== null) body.source = source ?? 'website'
      const response = await client
        .post(`/v1/spaces/${space.id}/content/import`)
        .bearerToken(admin.token)
        .json(body)
      response.assertStatus(400)
      assert.include(response.body().error.message, field)
      const current = await client.get(`/v1/spaces/${space.id}`).bearerToken(admin.token)
      assert.equal(current.body().revision, space.revision)
    })

  test('readers may not import; another organization never learns the space exists', async ({
    client,
  }) => {
    const admin = await createCaller()
    const space = await createSpace(client, admin)
    const reader = await createCaller({ organizationId: admin.organizationId, role: 'read' })
    const stranger = await createCaller()
    const body = { url: `${site.origin}/docs/`, source: 'website' }
    const asReader = await client
      .post(`/v1/spaces/${space.id}/content/import`)
      .bearerToken(reader.token)
      .json(body)
    asReader.assertStatus(403)
    const asStranger = await client
      .post(`/v1/spaces/${space.id}/content/import`)
      .bearerToken(stranger.token)
      .json(body)
    asStranger.assertStatus(404)
  })
})
