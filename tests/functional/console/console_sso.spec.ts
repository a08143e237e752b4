import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { serviceProviderUrls } from '#sso/serializers/saml_provider_serializer'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { createTestIdp } from '#tests/helpers/saml_idp'
import type { MatrixRole } from '#tests/helpers/roles'
import { signedInRoster } from './console_visitor.js'

const idp = createTestIdp('console-idp')

function urlsOf(organizationId: string, providerId = '') {
  const list = `/console/orgs/${organizationId}/sso`
  const provider = `${list}/providers/${providerId}`
  return { list, create: `${list}/providers`, provider }
}

async function providerRows(organizationId: string) {
  return db.from('saml_providers').where('organization_id', organizationId).orderBy('created_at')
}

const CONFIGURED = {
  label: 'Okta',
  ssoURL: idp.ssoUrl,
  entityID: idp.entityId,
  certificate: idp.certificatePem,
  defaultRole: 'comment',
}

test.group('Console SAML providers', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console']))

  test('only admins open single sign-on', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const urls = urlsOf(roster.organizationId)
    const pages: Record<MatrixRole, [status: number, component: string]> = {
      admin: [200, 'organizations/sso'],
      create: [403, 'errors/error'],
      edit: [403, 'errors/error'],
      read: [403, 'errors/error'],
      guest: [403, 'errors/error'],
      outsider: [404, 'errors/not_found'],
    }
    for (const role of Object.keys(pages) as MatrixRole[]) {
      const page = await as[role].page(urls.list)
      assert.equal(page.status, pages[role][0], role)
      assert.equal(page.component, pages[role][1], role)
    }
    const refused = await as.read.page(urls.list)
    assert.equal(
      refused.props.message,
      'Only admins of this organization can read or manage its SAML providers'
    )

    await as.create.page(urls.list)
    assert.equal(await as.create.submitStatus('POST', urls.create, { label: 'Mine' }), 302)
    assert.equal(
      await as.create.flashedError(urls.list, 'E_FORBIDDEN'),
      'Only admins of this organization can read or manage its SAML providers'
    )
    assert.lengthOf(await providerRows(roster.organizationId), 0)
  })

  test('an admin creates a provider, reads the service provider data, configures and deletes it', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const urls = urlsOf(roster.organizationId)
    await as.admin.page(urls.list)

    const created = await as.admin.submit('POST', urls.create, { label: 'Okta', defaultRole: '' })
    const [row] = await providerRows(roster.organizationId)
    const provider = urlsOf(roster.organizationId, row.id).provider
    assert.equal(created.location, provider)
    assert.isNull(row.default_role)

    const { notice, page } = await as.admin.flashed(provider)
    assert.match(notice, /SAML provider Okta created/)
    assert.equal(page.component, 'organizations/sso_provider')
    const sp = serviceProviderUrls(row.id)
    assert.containsSubset(page.props.provider, {
      id: row.id,
      label: 'Okta',
      status: 'pending',
      certificateInfo: null,
      service: {
        acsURL: sp.acsURL,
        entityID: sp.entityID,
        startURL: sp.startURL,
        metadataURL: sp.entityID,
      },
    })
    assert.include(page.props.provider.service.metadata, `Location="${sp.acsURL}"`)
    assert.include(page.props.provider.service.metadata, `entityID="${sp.entityID}"`)

    await as.admin.submit('PATCH', provider, CONFIGURED)
    const configured = await as.admin.flashed(provider)
    assert.equal(configured.notice, 'SAML provider Okta saved.')
    assert.containsSubset(configured.page.props.provider, {
      status: 'active',
      ssoURL: idp.ssoUrl,
      entityID: idp.entityId,
      defaultRole: 'comment',
      certificateInfo: { subject: 'CN=console-idp.test', expired: false },
    })
    const list = await as.admin.page(urls.list)
    assert.containsSubset(list.props.providers, [{ id: row.id, status: 'active' }])

    // An empty certificate keeps the current one; the label changes.
    await as.admin.submit('PATCH', provider, { ...CONFIGURED, label: 'Okta EU', certificate: '' })
    const [renamed] = await providerRows(roster.organizationId)
    assert.equal(renamed.label, 'Okta EU')
    assert.include(renamed.certificate, 'BEGIN CERTIFICATE')

    await as.admin.page(provider)
    const deleted = await as.admin.submit('DELETE', provider)
    assert.equal(deleted.location, urls.list)
    assert.equal(await as.admin.notice(urls.list), 'SAML provider Okta EU deleted.')
    assert.lengthOf(await providerRows(roster.organizationId), 0)
    assert.equal(await as.admin.status(provider), 404)
  })

  test('bad input is an error of its field, in the form words', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const urls = urlsOf(roster.organizationId)
    await as.admin.page(urls.list)

    const submissions: [body: Record<string, unknown>, field: string, message: RegExp][] = [
      [{ label: '' }, 'label', /^Name can't be empty\.$/],
      [{ label: 'x'.repeat(31) }, 'label', /^Name must be at most 30 characters long\.$/],
      [{ ...CONFIGURED, certificate: 'not a certificate' }, 'certificate', /X\.509 certificate/],
      [
        { ...CONFIGURED, ssoURL: 'idp.example.com/sso' },
        'ssoURL',
        /^Sign-in URL must be a web address/,
      ],
      [
        { ...CONFIGURED, entityID: 'e'.repeat(1025) },
        'entityID',
        /^Entity ID must be at most 1024 characters long\.$/,
      ],
      [{ ...CONFIGURED, defaultRole: 'owner' }, 'defaultRole', /^Default role must be one of: /],
    ]
    for (const [body, field, message] of submissions) {
      await as.admin.submit('POST', urls.create, body)
      const errors = await as.admin.flashedErrors(urls.list)
      assert.match(String(errors[field]), message, JSON.stringify(errors))
    }
    assert.lengthOf(await providerRows(roster.organizationId), 0)
  })

  test("another organization's provider is not found", async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    const outsiderUrls = urlsOf(roster.outsider.organizationId)
    await as.outsider.page(outsiderUrls.list)
    await as.outsider.submit('POST', outsiderUrls.create, { label: 'Theirs' })
    const [theirs] = await providerRows(roster.outsider.organizationId)

    const viaOwn = urlsOf(roster.organizationId, theirs.id).provider
    const viaTheirs = urlsOf(roster.outsider.organizationId, theirs.id).provider
    assert.equal(await as.admin.status(viaOwn), 404)
    assert.equal(await as.admin.status(viaTheirs), 404)
    assert.equal(await as.admin.submitStatus('PATCH', viaOwn, { label: 'Stolen' }), 404)
    assert.equal(await as.admin.submitStatus('DELETE', viaOwn), 404)
    assert.equal(await as.admin.submitStatus('DELETE', viaTheirs), 404)
    assert.equal(await as.admin.status(urlsOf(roster.organizationId, 'not-an-id').provider), 404)
    const [still] = await providerRows(roster.outsider.organizationId)
    assert.equal(still.label, 'Theirs')
  })
})

test.group('Console sign in with SSO', (group) => {
  eachTestInTransaction(group)
  group.tap((t) => t.tags(['@console']))

  /**
   * The "Sign in with SSO" form, sent by a signed-out browser.
   */
  function startSso(client: any, organization: unknown) {
    return client
      .post('/console/login/sso')
      .header('referer', '/console/login')
      .withCsrfToken()
      .withInertia()
      .redirects(0)
      .json({ organization })
  }

  test('by e-mail address, e-mail domain, hostname or id, to the identity provider', async ({
    assert,
    client,
  }) => {
    const { roster, as } = await signedInRoster(client)
    const urls = urlsOf(roster.organizationId)
    await as.admin.page(`/console/orgs/${roster.organizationId}`)
    await as.admin.submit('PATCH', `/console/orgs/${roster.organizationId}`, {
      title: 'Corp',
      hostname: 'corp-docs',
      emailDomains: 'corp.test',
    })
    await as.admin.page(urls.list)
    await as.admin.submit('POST', urls.create, CONFIGURED)
    await as.admin.submit('POST', urls.create, { label: 'Pending one' })
    const [active] = await providerRows(roster.organizationId)
    const startURL = serviceProviderUrls(active.id).startURL

    for (const typed of ['Ada@Corp.test', 'corp.test', 'corp-docs', ` ${roster.organizationId} `]) {
      const response = await startSso(client, typed)
      assert.equal(response.status(), 409, typed)
      assert.equal(response.header('x-inertia-location'), startURL, typed)
    }

    // Several matching providers: the person chooses.
    await as.admin.submit('POST', urls.create, { ...CONFIGURED, label: 'Azure' })
    const choice = await startSso(client, 'corp-docs')
    assert.equal(choice.status(), 200)
    assert.equal(choice.inertiaComponent, 'auth/sso_choice')
    assert.deepEqual(
      choice.inertiaProps.choices.map((item: any) => [item.label, item.organizationTitle]),
      [
        ['Okta', 'Corp'],
        ['Azure', 'Corp'],
      ]
    )
  })

  test('nothing set up, or nothing typed, is an error of the field', async ({ assert, client }) => {
    const { roster, as } = await signedInRoster(client)
    // A pending provider does not sign anyone in.
    await as.admin.page(urlsOf(roster.organizationId).list)
    await as.admin.submit('POST', urlsOf(roster.organizationId).create, { label: 'Pending' })

    for (const typed of ['nobody@nowhere.test', roster.organizationId, '', 'x'.repeat(255), 42]) {
      const response = await startSso(client, typed)
      assert.equal(response.status(), 302, String(typed))
      const errors = response.flashMessages()?.errors ?? {}
      assert.property(errors, 'organization', String(typed))
    }
    const none = await startSso(client, 'nobody@nowhere.test')
    assert.match(
      none.flashMessages()?.errors.organization,
      /No single sign-on is set up for this organization or e-mail address/
    )
  })
})
