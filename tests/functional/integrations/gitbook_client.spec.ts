import { test } from '@japa/runner'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { integrationName, PNG } from '#tests/helpers/integrations'

test.group('GitBookAPI client: integrations', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@integrations']))

  test('publishes, installs, configures and unpublishes', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const name = integrationName('client')
    const { data: published } = await api.integrations.publishIntegration(name, {
      title: 'Client integration',
      description: 'Published through GitBookAPI',
      script: 'export default {}',
      organization: admin.organizationId,
      scopes: ['space:content:read' as any],
      icon: PNG,
      secrets: { KEY: 'hidden' },
      configurations: {
        account: { properties: { token: { type: 'string' } }, required: ['token'] },
      },
    })
    assert.equal(published.version, 1)
    const { data: again } = await api.integrations.publishIntegration(name, {
      title: 'Client integration',
      description: 'Second version',
      script: 'export default {}',
      organization: admin.organizationId,
      scopes: ['space:content:read' as any],
    })
    assert.equal(again.version, 2)

    const { data: found } = await api.integrations.getIntegrationByName(name)
    assert.equal(found.description, 'Second version')
    const { data: listed } = await api.integrations.listIntegrations({ search: name })
    assert.deepEqual(
      listed.items.map((item) => item.name),
      [name]
    )

    const { data: installation } = await api.integrations.installIntegration(name, {
      organization: admin.organizationId,
    })
    assert.equal(installation.status, 'active')
    const { data: space } = await api.orgs.createSpace(admin.organizationId, { title: 'Docs' })
    const { data: onSpace } = await api.integrations.installIntegrationOnSpace(
      name,
      installation.id,
      { space: space.id }
    )
    assert.equal(onSpace.space, space.id)
    const { data: updated } = await api.integrations.updateIntegrationInstallation(
      name,
      installation.id,
      { externalIds: ['team-1'] }
    )
    assert.deepEqual(updated.externalIds, ['team-1'])
    const { data: byExternalId } = await api.integrations.listIntegrationInstallations(name, {
      externalId: 'team-1',
    })
    assert.lengthOf(byExternalId.items, 1)
    const { data: ofSpace } = await api.spaces.listSpaceIntegrations(space.id)
    assert.deepEqual(
      ofSpace.items.map((item) => item.name),
      [name]
    )
    const { data: ofOrg } = await api.orgs.listOrganizationIntegrations(admin.organizationId, {
      search: name,
    })
    assert.lengthOf(ofOrg.items, 1)

    await api.integrations.uninstallIntegration(name, installation.id)
    await api.integrations.unpublishIntegration(name)
    await assert.rejects(() => api.integrations.getIntegrationByName(name))
  })
})
