import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { assertPagesThrough } from '#tests/helpers/lists'
import { createSite, createSpaces, okBody, sitesOf } from '#tests/helpers/sites'

test.group('Sites: the site record', (group) => {
  eachTestInTransaction(group)

  test('a new site publishes its spaces, unpublished', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, site, path, spaceIds } = await createSite(client, admin, ['Guides', 'API'])
    assert.containsSubset(site, {
      object: 'site',
      title: 'Docs',
      type: 'basic',
      appliedType: 'basic',
      visibility: 'public',
      published: false,
      siteSpaces: 2,
      agentsContext: 'included',
      adaptiveContent: { enabled: false },
      defaultLevel: 'inherit',
      permissions: { view: true, admin: true, editAdaptiveSchema: true },
    })
    assert.equal(
      site.urls.published,
      `http://127.0.0.1:${process.env.PORT}/sites/${admin.organizationId}/${site.id}`
    )
    assert.equal(okBody(await sites.get(path)).id, site.id)

    const structure = okBody(await sites.get(`${path}/structure`))
    assert.equal(structure.type, 'siteSpaces')
    assert.deepEqual(
      structure.structure.map((s: any) => [s.space.id, s.path, s.default, s.urls.published]),
      [
        [spaceIds[0], 'guides', true, site.urls.published],
        [spaceIds[1], 'api', false, `${site.urls.published}/api`],
      ]
    )
  })

  test('"sample" and "empty" create its space', async ({ client, assert }) => {
    const admin = await createCaller()
    const sites = sitesOf(client, admin)
    for (const [spaces, pages] of [
      ['sample', 1],
      ['empty', 0],
    ] as const) {
      const created = await sites.post('', { title: `Site ${spaces}`, spaces })
      assertAnswer(created, 201)
      const [siteSpace] = okBody(await sites.get(`/${created.body().id}/site-spaces`)).items
      const tree = await client
        .get(`/v1/spaces/${siteSpace.space.id}/content`)
        .bearerToken(admin.token)
      assert.lengthOf(tree.body().pages, pages, spaces)
    }
  })

  test('lists sites in pages, with filters', async (ctx) => {
    const { client, assert } = ctx
    const admin = await createCaller()
    const sites = sitesOf(client, admin)
    const [guides] = await createSpaces(client, admin, ['Guides'])
    const ids: string[] = []
    for (const [title, spaces] of [
      ['Public handbook', [guides]],
      ['Internal HANDBOOK', []],
      ['Release notes', [guides]],
    ] as const) {
      ids.push(okBody(await sites.post('', { title, spaces })).id)
    }
    await sites.post(`/${ids[2]}/publish`)
    await assertPagesThrough(ctx, sites.base, admin.token, ids)

    for (const [query, expected] of [
      [{ space: guides }, [ids[0], ids[2]]],
      [{ title: 'handBook' }, [ids[0], ids[1]]],
      [{ published: true }, [ids[2]]],
      [{ published: false, title: 'internal' }, [ids[1]]],
    ] as const) {
      const listed = okBody(await sites.get('', query))
      assert.deepEqual(
        listed.items.map((s: any) => s.id),
        expected,
        JSON.stringify(query)
      )
    }
  })

  test('PATCH changes the fields given only', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path } = await createSite(client, admin)
    const steps: Array<[object, object]> = [
      [
        { title: 'Handbook', visibility: 'unlisted' },
        { title: 'Handbook', visibility: 'unlisted' },
      ],
      [{ basename: 'handbook' }, { basename: 'handbook', title: 'Handbook' }],
      [
        { adaptiveContent: { enabled: true }, agentsContext: 'excluded' },
        { adaptiveContent: { enabled: true }, agentsContext: 'excluded' },
      ],
      [{ proxy: 'example.com/docs' }, { proxy: { origin: 'example.com/docs' } }],
      [{ hostname: 'docs.example.com' }, { hostname: 'docs.example.com' }],
      [{ defaultLevel: 'inherit' }, { defaultLevel: 'inherit', basename: 'handbook' }],
    ]
    for (const [body, expected] of steps) {
      assert.containsSubset(okBody(await sites.patch(path, body)), expected, JSON.stringify(body))
    }
    const site = okBody(await sites.get(path))
    assert.equal(site.urls.published, 'http://example.com/docs')
    assert.equal(site.proxy.target, 'http://docs.example.com')

    const removed = okBody(await sites.patch(path, { proxy: null, hostname: null }))
    assert.notProperty(removed, 'proxy')
    assert.match(removed.urls.published, new RegExp(`/sites/${admin.organizationId}/handbook$`))
  })

  test('a basename or hostname in use is a 409', async ({ client }) => {
    const admin = await createCaller()
    const first = await createSite(client, admin)
    const second = await createSite(client, admin)
    await first.sites.patch(first.path, { basename: 'docs', hostname: 'docs.example.com' })
    for (const body of [{ basename: 'docs' }, { hostname: 'docs.example.com' }]) {
      assertAnswer(await second.sites.patch(second.path, body), 409)
    }
    // Basenames are unique within an organization: another organization may reuse one.
    const other = await createCaller()
    const elsewhere = await createSite(client, other)
    assertAnswer(await elsewhere.sites.patch(elsewhere.path, { basename: 'docs' }), 200)
  })

  test('publish needs a space; unpublish', async ({ client, assert }) => {
    const admin = await createCaller()
    const sites = sitesOf(client, admin)
    const empty = okBody(await sites.post('', { title: 'Empty' }))
    assertAnswer(await sites.post(`/${empty.id}/publish`), 400, 'publishes no space')
    assert.isFalse(okBody(await sites.get(`/${empty.id}`)).published)

    const { path } = await createSite(client, admin)
    assert.isTrue(okBody(await sites.post(`${path}/publish`)).published)
    const listed = okBody(await sites.get('', { published: true }))
    assert.lengthOf(listed.items, 1)
    assert.isFalse(okBody(await sites.post(`${path}/unpublish`)).published)
  })

  test('deleting a site removes all of it', async ({ client, assert }) => {
    const admin = await createCaller()
    const { sites, path, siteId } = await createSite(client, admin)
    await sites.post(`${path}/share-links`, { name: 'Preview' })
    await client
      .patch(`/v1/orgs/${admin.organizationId}`)
      .bearerToken(admin.token)
      .json({ defaultContent: { type: 'site', site: siteId } })
    assertAnswer(await sites.delete(path), 205)
    assertAnswer(await sites.get(path), 404)
    for (const table of ['site_spaces', 'site_share_links']) {
      const rows = await db.from(table).where('site_id', siteId)
      assert.lengthOf(rows, 0, table)
    }
    const org = await client.get(`/v1/orgs/${admin.organizationId}`).bearerToken(admin.token)
    assert.notProperty(org.body(), 'defaultContent')
  })

  test('withDefaultSite creates the default site', async ({ client, assert }) => {
    const admin = await createCaller()
    const created = await client
      .post('/v1/orgs')
      .qs({ withDefaultSite: true })
      .bearerToken(admin.token)
      .json({ title: 'Acme' })
    assertAnswer(created, 201)
    const org = created.body()
    const listed = await client.get(`/v1/orgs/${org.id}/sites`).bearerToken(admin.token)
    const [site] = listed.body().items
    assert.containsSubset(site, { title: 'Acme', siteSpaces: 1 })
    assert.deepEqual(org.defaultContent, { type: 'site', site: site.id })

    const patch = (siteId: string) =>
      client
        .patch(`/v1/orgs/${org.id}`)
        .bearerToken(admin.token)
        .json({ defaultContent: { type: 'site', site: siteId } })
    assertAnswer(await patch(site.id), 200)
    const other = await createSite(client, admin)
    assertAnswer(await patch(other.siteId), 400, 'No site with id')
  })
})
