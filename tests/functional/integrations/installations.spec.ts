import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { integrationName, integrationsOf } from '#tests/helpers/integrations'
import { createSite, createSpaces } from '#tests/helpers/sites'
import InstallationService from '#integrations/services/installation_service'

const CONFIGURATIONS = {
  account: {
    properties: {
      apiKey: { type: 'string', title: 'API key' },
      region: { type: 'string', enum: ['eu', 'us'], default: 'eu' },
      sampling: { type: 'number' },
    },
    required: ['apiKey'],
  },
  space: { properties: { tracked: { type: 'boolean', default: true } } },
  site: { properties: { siteKey: { type: 'string' } }, required: ['siteKey'] },
}

async function installed(client: any, target = 'all') {
  const admin = await createCaller()
  const api = integrationsOf(client, admin)
  const name = integrationName()
  await api.publish(name, { configurations: CONFIGURATIONS, target })
  const installation = await api.install(name)
  return {
    admin,
    api,
    name,
    installation,
    path: `/integrations/${name}/installations/${installation.id}`,
  }
}

test.group('Integrations: installations', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  test('an installation is pending until its required configuration is set', async ({
    client,
    assert,
  }) => {
    const { api, installation, path, name } = await installed(client)
    assert.containsSubset(installation, {
      status: 'pending',
      space_selection: 'selected',
      site_selection: 'selected',
      spaces: 0,
      configuration: {},
      externalIds: [],
    })
    const wrongType = await api.patch(path, { configuration: { apiKey: 42 } })
    assertAnswer(wrongType, 400, 'configuration.apiKey')
    assertAnswer(await api.patch(path, { configuration: { nope: 'x' } }), 400, 'configuration.nope')
    assertAnswer(
      await api.patch(path, { configuration: { region: 'mars' } }),
      400,
      'configuration.region'
    )
    const configured = await api.patch(path, {
      configuration: { apiKey: 'k', sampling: 0.5 },
      externalIds: ['acct-1', 'acct-2'],
    })
    assertAnswer(configured, 200)
    assert.containsSubset(configured.body(), {
      status: 'active',
      configuration: { apiKey: 'k', sampling: 0.5 },
      externalIds: ['acct-1', 'acct-2'],
    })
    assertAnswer(await api.patch(path, { externalIds: ['1', '2', '3', '4', '5', '6'] }), 400)

    const list = await api.get(`/integrations/${name}/installations`, { externalId: 'acct-2' })
    assertAnswer(list, 200)
    assert.deepEqual(
      list.body().items.map((i: any) => i.id),
      [installation.id]
    )
    const none = await api.get(`/integrations/${name}/installations`, { externalId: 'acct' })
    assert.lengthOf(none.body().items, 0)
    assertAnswer(
      await api.get(`/integrations/${name}/installations`, { limit: 1001 }),
      400,
      'limit'
    )
    assertAnswer(
      await api.post(`/integrations/${name}/installations`, {
        organization: installation.target.organization,
      }),
      409
    )
  })

  test('on spaces: install, list, read, configure, uninstall', async ({ client, assert }) => {
    const { admin, api, path, name } = await installed(client)
    const [spaceId, otherSpaceId] = await createSpaces(client, admin, ['Guides', 'API'])
    const made = await api.post(`${path}/spaces`, { space: spaceId })
    assertAnswer(made, 201)
    assert.containsSubset(made.body(), { integration: name, space: spaceId, status: 'active' })
    assertAnswer(await api.post(`${path}/spaces`, { space: spaceId }), 409)
    const extended = await api.get(`${path}/spaces/${spaceId}`, { extended: true })
    assertAnswer(extended, 200)
    assert.equal(extended.body().space.id, spaceId)
    assertAnswer(
      await api.patch(`${path}/spaces/${spaceId}`, { configuration: { tracked: 'yes' } }),
      400
    )
    const changed = await api.patch(`${path}/spaces/${spaceId}`, {
      configuration: { tracked: false },
    })
    assertAnswer(changed, 200)
    assert.deepEqual(changed.body().configuration, { tracked: false })
    const list = await api.get(`${path}/spaces`)
    assertAnswer(list, 200)
    assert.deepEqual(
      list.body().items.map((i: any) => i.space),
      [spaceId]
    )
    assertAnswer(await api.get(`${path}`), 200)
    const counted = await api.get(path)
    assert.equal(counted.body().spaces, 1)

    const onSpace = await api.get(`/spaces/${spaceId}/integrations`)
    assertAnswer(onSpace, 200)
    assert.deepEqual(
      onSpace.body().items.map((i: any) => i.name),
      [name]
    )
    const onOther = await api.get(`/spaces/${otherSpaceId}/integrations`)
    assert.lengthOf(onOther.body().items, 0)

    // Who events of a space go to (EventService): the installation, with its configuration.
    const installations = await app.container.make(InstallationService)
    const concerned = (id: string) => installations.concerning('space', id, admin.organizationId)
    await api.patch(path, { configuration: { apiKey: 'k' } })
    const [found] = await concerned(spaceId)
    assert.equal(found.installation.configuration.apiKey, 'k')
    assert.deepEqual(found.content?.configuration, { tracked: false })
    assert.lengthOf(await concerned(otherSpaceId), 0)
    await api.patch(path, { space_selection: 'all' })
    assert.lengthOf(await concerned(otherSpaceId), 1)

    const removed = await api.delete(`${path}/spaces/${spaceId}`)
    removed.assertStatus(204)
    assertAnswer(await api.get(`${path}/spaces/${spaceId}`), 404)
  })

  test('a deleted space leaves its installations', async ({ client, assert }) => {
    const { admin, api, path } = await installed(client)
    const [spaceId] = await createSpaces(client, admin, ['Guides'])
    assertAnswer(await api.post(`${path}/spaces`, { space: spaceId }), 201)
    const deleted = await api.delete(`/spaces/${spaceId}`)
    deleted.assertStatus(205)
    const installations = await app.container.make(InstallationService)
    assert.lengthOf(await installations.concerning('space', spaceId, admin.organizationId), 0)
  })

  test('on sites: install, list, read, configure, uninstall', async ({ client, assert }) => {
    const { admin, api, path, name } = await installed(client)
    const { siteId } = await createSite(client, admin)
    const made = await api.post(`${path}/sites`, { siteId })
    assertAnswer(made, 201)
    assert.containsSubset(made.body(), { site: siteId, status: 'pending' })
    const changed = await api.patch(`${path}/sites/${siteId}`, { configuration: { siteKey: 'x' } })
    assertAnswer(changed, 200)
    assert.equal(changed.body().status, 'active')
    assertAnswer(await api.get(`${path}/sites`), 200)
    assertAnswer(await api.get(`${path}/sites/${siteId}`), 200)
    const onSite = await api.get(`/orgs/${admin.organizationId}/sites/${siteId}/integrations`)
    assertAnswer(onSite, 200)
    assert.deepEqual(
      onSite.body().items.map((i: any) => i.name),
      [name]
    )
    const installations = await app.container.make(InstallationService)
    const [found] = await installations.concerning('site', siteId, admin.organizationId)
    assert.equal(found.content?.configuration.siteKey, 'x')
    const uninstalled = await api.delete(`${path}/sites/${siteId}`)
    uninstalled.assertStatus(204)
    const sites = await api.get(`${path}/sites`)
    assert.lengthOf(sites.body().items, 0)
  }).tags(['@sites'], 'append')

  test('target restricts where it installs', async ({ client }) => {
    const { admin, api, path } = await installed(client, 'site')
    const [spaceId] = await createSpaces(client, admin, ['Guides'])
    assertAnswer(
      await api.post(`${path}/spaces`, { space: spaceId }),
      403,
      'cannot be installed on a space'
    )
  })

  test("another organization's installation, space or site is a 404", async ({ client }) => {
    const { name } = await installed(client)
    const other = await createCaller()
    const third = await createCaller()
    const otherApi = integrationsOf(client, other)
    const mine = await otherApi.install(name)
    const theirs = await integrationsOf(client, third).install(name)
    const [theirSpace] = await createSpaces(client, third, ['Theirs'])
    const { siteId: theirSite } = await createSite(client, third)
    const path = `/integrations/${name}/installations/${mine.id}`
    assertAnswer(await otherApi.get(`/integrations/${name}/installations/${theirs.id}`), 404)
    assertAnswer(await otherApi.patch(`/integrations/${name}/installations/${theirs.id}`, {}), 404)
    assertAnswer(await otherApi.post(`${path}/spaces`, { space: theirSpace }), 404)
    assertAnswer(await otherApi.post(`${path}/sites`, { siteId: theirSite }), 404)
    const listed = await otherApi.get(`/integrations/${name}/installations`)
    assertAnswer(listed, 200)
    listed.assertBodyContains({ items: [{ id: mine.id }], count: 1 })
  }).tags(['@sites'], 'append')

  test('space admins install on their space; other members may not', async ({ client }) => {
    const { admin, api, path } = await installed(client)
    const [spaceId] = await createSpaces(client, admin, ['Guides'])
    const editor = await createCaller({ organizationId: admin.organizationId, role: 'edit' })
    assertAnswer(
      await integrationsOf(client, editor).post(`${path}/spaces`, { space: spaceId }),
      403,
      'admins of this space'
    )
    const granted = await api.patch(`/spaces/${spaceId}/permissions/users/${editor.user.id}`, {
      role: 'admin',
    })
    granted.assertStatus(204)
    assertAnswer(
      await integrationsOf(client, editor).post(`${path}/spaces`, { space: spaceId }),
      201
    )
  })
})
