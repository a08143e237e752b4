import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { assertAnswer } from '#tests/helpers/guards'
import { integrationName, integrationsOf, PNG, publishBody } from '#tests/helpers/integrations'
import { createSpaces } from '#tests/helpers/sites'
import IntegrationService from '#integrations/services/integration_service'
import app from '@adonisjs/core/services/app'

test.group('Integrations: publishing and reading', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  test('publish, read, republish bumps the version', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    const name = integrationName()
    const first = await api.post(
      `/integrations/${name}`,
      publishBody(admin, {
        summary: '# Analytics\n\nAll of it.',
        icon: PNG,
        previewImages: [PNG, `data:image/png;base64,${PNG}`],
        visibility: 'public',
        target: 'space',
        categories: ['analytics'],
        externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
        secrets: { API_KEY: 'very-secret-value' },
        contentSecurityPolicy: { 'script-src': "'self'" },
      })
    )
    assertAnswer(first, 200)
    const integration = first.body()
    assert.containsSubset(integration, {
      object: 'integration',
      name,
      version: 1,
      runtime: 'v1',
      title: 'Analytics',
      visibility: 'public',
      target: 'space',
      verified: false,
      categories: ['analytics'],
      owner: { id: admin.organizationId },
      permissions: { admin: true, install: true },
      contentSecurityPolicy: { 'script-src': "'self'" },
    })
    assert.lengthOf(integration.previewImages, 2)
    assert.notInclude(JSON.stringify(integration), 'very-secret-value')
    assert.notProperty(integration, 'secrets')
    assert.notProperty(integration, 'script')

    const icon = await client.get(new URL(integration.urls.icon).pathname)
    icon.assertStatus(200)
    assert.equal(icon.header('content-type'), 'image/png')
    assert.equal(icon.header('x-content-type-options'), 'nosniff')

    const read = await api.get(`/integrations/${name}`)
    assertAnswer(read, 200)
    assert.equal(read.body().version, 1)

    const again = await api.post(
      `/integrations/${name}`,
      publishBody(admin, { title: 'Analytics 2' })
    )
    assertAnswer(again, 200)
    assert.containsSubset(again.body(), { version: 2, title: 'Analytics 2', previewImages: [] })
    assert.notProperty(again.body().urls, 'icon')
  })

  test('secrets are stored encrypted and given to the runtime decrypted', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    const name = integrationName()
    const integration = await api.publish(name, { secrets: { TOKEN: 'plain-token' } })
    const row = await db.from('integrations').where('id', integration.id).first()
    assert.notInclude(row.secrets, 'plain-token')
    const runtime = await app.container.make(IntegrationService)
    const delivered = await runtime.runtimeOf(integration.id)
    assert.deepEqual(delivered.secrets, { TOKEN: 'plain-token' })
    assert.equal(delivered.script, 'export default { events: {} }')
  })

  test("a name is its organization's", async ({ client }) => {
    const owner = await createCaller()
    const other = await createCaller()
    const name = integrationName()
    await integrationsOf(client, owner).publish(name)
    assertAnswer(
      await integrationsOf(client, other).post(`/integrations/${name}`, publishBody(other)),
      409,
      'belongs to another organization'
    )
    // Names are unique whatever their case.
    assertAnswer(
      await integrationsOf(client, other).post(
        `/integrations/${name.toUpperCase()}`,
        publishBody(other)
      ),
      409
    )
  })

  test('the organization by subdomain', async ({ client, assert }) => {
    const admin = await createCaller()
    await db
      .from('organizations')
      .where('id', admin.organizationId)
      .update({ hostname: 'acme-int' })
    const published = await integrationsOf(client, admin).publish(integrationName(), {
      organization: 'acme-int',
    })
    assert.equal(published.owner.id, admin.organizationId)
  })

  test('unpublishing removes its installations', async ({ client, assert }) => {
    const admin = await createCaller()
    const api = integrationsOf(client, admin)
    const name = integrationName()
    await api.publish(name)
    const installation = await api.install(name)
    const [spaceId] = await createSpaces(client, admin, ['Guides'])
    assertAnswer(
      await api.post(`/integrations/${name}/installations/${installation.id}/spaces`, {
        space: spaceId,
      }),
      201
    )
    const gone = await api.delete(`/integrations/${name}`)
    gone.assertStatus(204)
    assertAnswer(await api.get(`/integrations/${name}`), 404)
    const left = await db.from('integration_installations').where('id', installation.id)
    const spaces = await db
      .from('integration_space_installations')
      .where('installation_id', installation.id)
    assert.lengthOf(left, 0)
    assert.lengthOf(spaces, 0)
  })
})
