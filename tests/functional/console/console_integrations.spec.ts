import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { JobRunner } from '#core/jobs/job_runner'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { integrationName, integrationsOf } from '#tests/helpers/integrations'
import { createSpaces } from '#tests/helpers/sites'
import { signedInRoster } from './console_visitor.js'

const CONFIGURATIONS = {
  account: {
    properties: {
      apiKey: { type: 'string', title: 'API key', description: 'From your dashboard' },
      region: { type: 'string', enum: ['eu', 'us'], default: 'eu' },
      sampling: { type: 'number' },
      enabled: { type: 'boolean', default: true },
    },
    required: ['apiKey'],
  },
  space: { properties: { tracked: { type: 'boolean' } } },
}

test.group('Console integrations page', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console', '@integrations']))

  test('admins install, configure, add to a space and uninstall; others read', async ({
    client,
    assert,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const name = integrationName('console')
    await integrationsOf(client, roster.admin).publish(name, {
      title: 'Console analytics',
      configurations: CONFIGURATIONS,
    })
    const [spaceId] = await createSpaces(client, roster.admin, ['Guides'])
    const list = `/console/orgs/${roster.organizationId}/integrations`

    const page = await as.admin.page(list)
    assert.equal(page.status, 200)
    assert.equal(page.component, 'integrations/index')
    const shown = page.props.integrations.find((i: any) => i.name === name)
    assert.containsSubset(shown, {
      title: 'Console analytics',
      installation: null,
      fields: {
        account: [
          { name: 'apiKey', title: 'API key', type: 'string', required: true },
          { name: 'region', type: 'enum', options: ['eu', 'us'], default: 'eu' },
          { name: 'sampling', type: 'number' },
          { name: 'enabled', type: 'boolean', default: true },
        ],
      },
    })
    assert.isTrue(page.props.canInstall)
    assert.deepEqual(
      page.props.targets.spaces.map((s: any) => s.id),
      [spaceId]
    )

    // A member with a role reads the page without its forms; guests and outsiders do not.
    const read = await as.read.page(list)
    assert.equal(read.status, 200)
    assert.isFalse(read.props.canInstall)
    assert.equal(await as.guest.status(list), 404)
    assert.equal(await as.outsider.status(list), 404)
    const refused = await as.edit.submit('POST', `${list}/${name}/installations`, {})
    assert.equal(refused.status, 302)
    assert.include(await as.edit.flashedError(list, 'E_FORBIDDEN'), 'Only admins')

    // Install with a configuration of the wrong type: refused, nothing installed.
    await as.admin.page(list)
    await as.admin.submit('POST', `${list}/${name}/installations`, {
      configuration: { apiKey: 'k', sampling: 'many' },
    })
    const refusedInstall = await db
      .from('integration_installations')
      .where('organization_id', roster.organizationId)
    assert.lengthOf(refusedInstall, 0)
    assert.include(await as.admin.flashedError(list, 'E_BAD_REQUEST'), 'Sampling')
    await as.admin.submit('POST', `${list}/${name}/installations`, {
      configuration: { region: 'us' },
    })
    const installed = await db
      .from('integration_installations')
      .where('organization_id', roster.organizationId)
    assert.lengthOf(installed, 1)
    assert.equal(installed[0].status, 'pending')

    const row = installed[0]
    const base = `${list}/${name}/installations/${row.id}`
    await as.admin.submit('PATCH', base, { configuration: { sampling: 'many' } })
    assert.include(await as.admin.flashedError(list, 'E_BAD_REQUEST'), 'Sampling')
    await as.admin.submit('PATCH', base, { configuration: { apiKey: 'k', sampling: 0.5 } })
    const configured = await as.admin.page(list)
    assert.containsSubset(
      configured.props.integrations.find((i: any) => i.name === name).installation,
      { status: 'active', configuration: { apiKey: 'k', sampling: 0.5 } }
    )

    await as.admin.submit('POST', `${base}/targets`, {
      kind: 'space',
      targetId: spaceId,
      configuration: { tracked: true },
    })
    const onSpace = await as.admin.page(list)
    assert.deepEqual(
      onSpace.props.integrations.find((i: any) => i.name === name).installation.spaces,
      [{ id: spaceId, title: 'Guides', status: 'active' }]
    )
    await as.admin.submit('DELETE', `${base}/space/${spaceId}`)
    await as.admin.submit('DELETE', base)
    const after = await as.admin.page(list)
    assert.isNull(after.props.integrations.find((i: any) => i.name === name).installation)
  })

  test("admins see each installation's recent events with their logs; members do not", async ({
    client,
    assert,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const name = integrationName('console-events')
    await integrationsOf(client, roster.admin).publish(name, {
      title: 'Console events',
      script: `export default { async fetch(request) {
        const { event } = await request.json()
        console.log('got ' + event.type)
        return new Response('ok')
      } }`,
    })
    const list = `/console/orgs/${roster.organizationId}/integrations`
    await as.admin.page(list)
    await as.admin.submit('POST', `${list}/${name}/installations`, {})
    const before = await as.admin.page(list)
    const pending = before.props.integrations.find((i: any) => i.name === name).installation
    assert.containsSubset(pending.events, [
      { type: 'installation_setup', status: 'pending', durationMs: null, logs: [] },
    ])
    const runner = await app.container.make(JobRunner)
    await runner.drain()
    const page = await as.admin.page(list)
    const installation = page.props.integrations.find((i: any) => i.name === name).installation
    assert.lengthOf(installation.events, 1)
    assert.containsSubset(installation.events[0], {
      type: 'installation_setup',
      status: 'success',
      attempts: 1,
      error: null,
      logs: [{ level: 'log', message: 'got installation_setup' }],
    })
    assert.isAtLeast(installation.events[0].durationMs, 0)
    assert.match(installation.events[0].createdAt, /^\d{4}-\d\d-\d\dT/)

    const read = await as.read.page(list)
    assert.deepEqual(
      read.props.integrations.find((i: any) => i.name === name).installation.events,
      []
    )
  })
})
