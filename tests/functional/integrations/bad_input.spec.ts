import { test } from '@japa/runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { integrationName, integrationsOf, PNG, publishBody } from '#tests/helpers/integrations'

test.group('Integrations: limits and bad input', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  test('publish refuses {case}')
    .with([
      { case: 'a 1-character title', fields: { title: 'A' }, field: 'title' },
      { case: 'a 31-character title', fields: { title: 'x'.repeat(31) }, field: 'title' },
      {
        case: 'a 101-character description',
        fields: { description: 'x'.repeat(101) },
        field: 'description',
      },
      { case: 'a 2049-character summary', fields: { summary: 'x'.repeat(2049) }, field: 'summary' },
      {
        case: '4 preview images',
        fields: { previewImages: [PNG, PNG, PNG, PNG] },
        field: 'previewImages',
      },
      { case: 'a missing script', fields: { script: undefined }, field: 'script' },
      {
        case: 'a missing organization',
        fields: { organization: undefined },
        field: 'organization',
      },
      {
        case: 'an unknown organization',
        fields: { organization: 'no-such-org' },
        field: 'organization',
      },
      { case: 'an unknown visibility', fields: { visibility: 'secret' }, field: 'visibility' },
      { case: 'an unknown target', fields: { target: 'page' }, field: 'target' },
      { case: 'an unknown scope', fields: { scopes: ['space:everything'] }, field: 'scopes' },
      { case: 'an unknown category', fields: { categories: ['games'] }, field: 'categories' },
      { case: 'an unknown runtime', fields: { runtime: 'v9' }, field: 'runtime' },
      { case: 'an icon that is not base64', fields: { icon: 'not base64!' }, field: 'icon' },
      {
        case: 'an icon that is not an image',
        fields: { icon: Buffer.from('<svg onload=alert(1)>').toString('base64') },
        field: 'icon',
      },
      {
        case: 'a preview that is not an image',
        fields: { previewImages: [Buffer.from('hello world!').toString('base64')] },
        field: 'previewImages.0',
      },
      {
        case: 'an icon over 256 KiB',
        fields: { icon: Buffer.alloc(300 * 1024).toString('base64') },
        field: 'icon',
      },
      { case: 'a script over 5 MB', fields: { script: 'x'.repeat(5_000_001) }, field: 'script' },
      {
        case: '21 secrets',
        fields: {
          secrets: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
        },
        field: 'secrets',
      },
      { case: 'a secret that is not a string', fields: { secrets: { a: 1 } }, field: 'secrets.a' },
      {
        case: '6 external links',
        fields: {
          externalLinks: Array.from({ length: 6 }, () => ({
            url: 'https://example.com',
            label: 'x',
          })),
        },
        field: 'externalLinks',
      },
      {
        case: 'an external link that is not a URL',
        fields: { externalLinks: [{ url: 'nope', label: 'x' }] },
        field: 'externalLinks.0.url',
      },
      {
        case: 'a configuration property of an unknown type',
        fields: { configurations: { account: { properties: { a: { type: 'date' } } } } },
        field: 'configurations',
      },
      {
        case: 'a configuration level that does not exist',
        fields: { configurations: { page: { properties: {} } } },
        field: 'configurations',
      },
      {
        case: 'a block with a 1-character title',
        fields: { blocks: [{ id: 'b', title: 'B' }] },
        field: 'blocks.0.title',
      },
      {
        case: 'a content security policy of the wrong shape',
        fields: { contentSecurityPolicy: ['x'] },
        field: 'contentSecurityPolicy',
      },
    ])
    .run(async ({ client, assert }, { fields, field }) => {
      const admin = await createCaller()
      const api = integrationsOf(client, admin)
      const name = integrationName()
      const response = await api.post(`/integrations/${name}`, publishBody(admin, fields))
      assertAnswer(response, 400, field)
      const stored = await api.get(`/integrations/${name}`)
      assert.equal(stored.status(), 404)
    })

  test('publish refuses a malformed or too long name', async ({ client }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    assertAnswer(
      await api.post(`/integrations/bad%20name`, publishBody(admin)),
      400,
      'integrationName'
    )
    assertAnswer(
      await api.post(`/integrations/${'a'.repeat(101)}`, publishBody(admin)),
      400,
      'integrationName'
    )
  })

  test('lists refuse bad filters', async ({ client }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    for (const [qs, field] of [
      [{ limit: 1001 }, 'limit'],
      [{ category: 'games' }, 'category'],
      [{ scope: 'nope' }, 'scope'],
      [{ target: 'page' }, 'target'],
      [{ blockDomain: 'bad domain' }, 'blockDomain'],
      [{ blockDomain: 'x'.repeat(101) }, 'blockDomain'],
      [{ blocks: 'maybe' }, 'blocks'],
      [{ page: 'garbage' }, 'page'],
    ] as const) {
      assertAnswer(await api.get('/integrations', qs), 400, field)
    }
    assertAnswer(
      await api.get(`/orgs/${admin.organizationId}/integrations`, { limit: 1001 }),
      400,
      'limit'
    )
  })

  test('installation bodies are checked', async ({ client }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    const name = integrationName()
    await api.publish(name)
    assertAnswer(await api.post(`/integrations/${name}/installations`, {}), 400, 'organization')
    assertAnswer(
      await api.post(`/integrations/${name}/installations`, { organization: 'nope' }),
      400,
      'organization'
    )
    const { id } = await api.install(name)
    const path = `/integrations/${name}/installations/${id}`
    assertAnswer(await api.patch(path, { space_selection: 'some' }), 400, 'space_selection')
    assertAnswer(await api.patch(path, { externalIds: null }), 400, 'externalIds')
    assertAnswer(await api.post(`${path}/spaces`, {}), 400, 'space')
    assertAnswer(await api.post(`${path}/sites`, {}), 400, 'siteId')
    assertAnswer(await api.get(`/integrations/${name}/installations/nope`), 404)
    assertAnswer(await api.get(`/integrations/no-such-integration/installations`), 404)
  })
})

test.group('Integrations: list filters', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  test('every filter of the lists', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    const tag = integrationName('f')
    const a = await api.publish(`${tag}-a`, {
      title: 'Äcme Analytics',
      categories: ['analytics'],
      scopes: ['site:views:read'],
      target: 'site',
      blocks: [{ id: 'embed', title: 'Embed', urlUnfurl: ['https://Videos.Example.com/watch'] }],
    })
    const b = await api.publish(`${tag}-b`, {
      title: 'Support chat',
      categories: ['collaboration'],
      scopes: ['space:content:read'],
      target: 'space',
      contentSources: [{ id: 'src', title: 'Source', configuration: { componentId: 'c' } }],
    })
    const c = await api.publish(`${tag}-c`, { title: 'Everything', target: 'all' })
    const other = await createCaller()
    await integrationsOf(client, other).publish(`${tag}-d`, { title: 'Other org' })

    const names = async (qs: Record<string, unknown>) => {
      const response = await api.get('/integrations', { search: tag, ...qs })
      assertAnswer(response, 200)
      return response.body().items.map((i: any) => i.name)
    }
    assert.deepEqual(await names({}), [a.name, b.name, c.name, `${tag}-d`])
    assert.deepEqual(await names({ search: 'äCME' }), [a.name])
    assert.deepEqual(await names({ category: 'analytics' }), [a.name])
    assert.deepEqual(await names({ scope: 'space:content:read' }), [b.name, c.name, `${tag}-d`])
    assert.deepEqual(await names({ blocks: true }), [a.name])
    assert.deepEqual(await names({ blocks: false }), [b.name, c.name, `${tag}-d`])
    assert.deepEqual(await names({ contentSources: true }), [b.name])
    assert.deepEqual(await names({ owner: other.organizationId }), [`${tag}-d`])
    assert.deepEqual(await names({ target: 'site' }), [a.name, c.name, `${tag}-d`])
    assert.deepEqual(await names({ target: 'space' }), [b.name, c.name, `${tag}-d`])
    assert.deepEqual(await names({ blockDomain: 'videos.example.com' }), [a.name])
    assert.deepEqual(await names({ blockDomain: 'example.com' }), [])
    const first = await api.get('/integrations', { search: tag, limit: 2 })
    assert.equal(first.body().count, 4)
    const second = await api.get('/integrations', {
      search: tag,
      limit: 2,
      page: first.body().next.page,
    })
    assertAnswer(second, 200)
    assert.deepEqual(
      second.body().items.map((i: any) => i.name),
      [c.name, `${tag}-d`]
    )

    const ofOrg = await api.get(`/orgs/${admin.organizationId}/integrations`, {
      search: tag,
      category: 'collaboration',
    })
    assertAnswer(ofOrg, 200)
    assert.deepEqual(
      ofOrg.body().items.map((i: any) => i.name),
      [b.name]
    )
    assertAnswer(await api.get(`/orgs/${other.organizationId}/integrations`), 404)
  })
})
