import { test } from '@japa/runner'
import { assertClientError } from '#tests/helpers/client_errors'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { createTestIdp } from '#tests/helpers/saml_idp'

/**
 * GitBook's own client drives the SAML providers and translation settings over real HTTP.
 */
test.group('GitBookAPI client: SAML providers and translation settings', (group) => {
  eachTestInTransaction(group)

  test('manages SAML providers and reads the login info', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const idp = createTestIdp('client')

    const { data: created } = await api.orgs.createOrganizationSamlProvider(admin.organizationId, {
      label: 'Client IdP',
    })
    assert.equal(created.status, 'pending')

    const { data: updated } = await api.orgs.updateOrganizationSamlProvider(
      admin.organizationId,
      created.id,
      {
        entityID: idp.entityId,
        certificate: idp.certificatePem,
        ssoURL: idp.ssoUrl,
        defaultRole: 'read' as any,
      }
    )
    assert.equal(updated.status, 'active')

    const { data: read } = await api.orgs.getOrganizationSamlProviderById(
      admin.organizationId,
      created.id
    )
    assert.equal(read.ssoURL, idp.ssoUrl)

    const { data: list } = await api.orgs.listSamlProvidersInOrganizationById(
      admin.organizationId,
      { limit: 10 }
    )
    assert.deepEqual(
      list.items.map((item: { id: string }) => item.id),
      [created.id]
    )

    const { data: logins } = await gitbookClient('').orgs.listSsoProviderLoginsInOrganization(
      admin.organizationId
    )
    assert.deepEqual(logins.items, [
      { id: created.id, label: 'Client IdP', startURL: read.service.startURL },
    ])

    const deleted = await api.orgs.deleteOrganizationSamlProvider(admin.organizationId, created.id)
    assert.equal(deleted.status, 204)
    await assertClientError(
      assert,
      api.orgs.getOrganizationSamlProviderById(admin.organizationId, created.id),
      404
    )
  })

  test('manages translation settings', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    // The platform's body (title, languages); this @gitbook/api release types another resource.
    const { data: created } = await api.orgs.createTranslation(admin.organizationId, {
      title: 'Docs in French',
      languages: ['fr'],
    } as any)
    const settings = created as any
    assert.equal(settings.object, 'translation-settings')
    assert.deepEqual(settings.languages, ['fr'])

    const { data: replaced } = await api.orgs.updateTranslation(admin.organizationId, settings.id, {
      title: 'Docs in French and German',
      languages: ['fr', 'de'],
    } as any)
    assert.deepEqual((replaced as any).languages, ['fr', 'de'])

    const { data: read } = await api.orgs.getTranslation(admin.organizationId, settings.id)
    assert.equal((read as any).title, 'Docs in French and German')

    const { data: list } = await api.orgs.listTranslations(admin.organizationId)
    assert.equal(list.count, 1)

    const deleted = await api.orgs.deleteTranslation(admin.organizationId, settings.id)
    assert.equal(deleted.status, 205)
    await assertClientError(
      assert,
      api.orgs.createTranslation(admin.organizationId, { title: '' } as any),
      400
    )
  })
})
