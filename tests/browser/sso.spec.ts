import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import UserService from '#accounts/services/user_service'
import OrganizationService from '#organizations/services/organization_service'
import SamlProvider from '#sso/models/saml_provider'
import { serviceProviderUrls } from '#sso/serializers/saml_provider_serializer'
import { authnRequestOf, createTestIdp, samlResponse } from '#tests/helpers/saml_idp'
import { baseUrl, chromiumFor, signIn } from '#tests/helpers/browser'

/**
 * SAML sign-in in Debian's Chromium: the browser follows the start URL to the (test) identity
 * provider, whose page posts the signed response back to Bindery's ACS, and lands on the console.
 * The test identity provider is a small HTTP server on the loopback interface: it answers the
 * AuthnRequest with a page that posts a signed response, as real identity providers do.
 */

type Fixture = {
  organizationId: string
  title: string
  providerId: string
  userIds: string[]
  email: string
  password: string
}

let idp = createTestIdp('browser-idp')

/**
 * What the identity provider answers next: who signs in, and whether it signs the assertion.
 */
const next = {
  email: '',
  displayName: undefined as string | undefined,
  sign: 'assertion' as 'assertion' | 'none',
}

async function startIdentityProvider(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/saml/sso') {
      response.writeHead(404).end()
      return
    }
    const { id } = authnRequestOf(url.toString())
    const sp = serviceProviderUrls(fixture.providerId)
    const saml = samlResponse({
      idp,
      audience: sp.entityID,
      acsUrl: sp.acsURL,
      inResponseTo: id,
      email: next.email,
      displayName: next.displayName,
      sign: next.sign,
    })
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(
      `<html><body><form method="post" action="${sp.acsURL}">` +
        `<input type="hidden" name="SAMLResponse" value="${saml}"/></form>` +
        `<script>document.forms[0].submit()</script></body></html>`
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  idp = { ...idp, ssoUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/saml/sso` }
  return server
}

let fixture: Fixture

async function createFixture(): Promise<Fixture> {
  const suffix = randomBytes(6).toString('hex')
  const title = `SSO Corp ${suffix}`
  const email = `sso-reader-${suffix}@example.com`
  const password = `pw-${randomBytes(12).toString('base64url')}`
  return db.transaction(async (trx) => {
    const users = new UserService()
    const { user: admin } = await users.findOrCreate(
      { email: `sso-admin-${suffix}@example.com` },
      trx
    )
    const organizations = new OrganizationService()
    const organizationId = await organizations.createWithin(trx, admin.id, { title })
    const { user: reader } = await users.findOrCreate({ email, password }, trx)
    await organizations.addMember(trx, organizationId, reader.id, 'read')
    await trx.from('organizations').where('id', organizationId).update({ sso: true })
    const provider = new SamlProvider()
    provider.useTransaction(trx)
    provider.merge({
      organizationId,
      label: 'Browser IdP',
      entityId: idp.entityId,
      certificate: idp.certificatePem,
      ssoUrl: idp.ssoUrl,
      defaultTeamId: null,
      defaultRole: 'comment',
    })
    await provider.save()
    return {
      organizationId,
      title,
      providerId: provider.id,
      userIds: [admin.id, reader.id],
      email,
      password,
    }
  })
}

test.group('SAML sign-in in a browser', (group) => {
  const chromium = chromiumFor(group)
  let identityProvider: Server

  group.setup(async () => {
    identityProvider = await startIdentityProvider()
    fixture = await createFixture()
    return async () => {
      await new Promise((resolve) => identityProvider.close(resolve))
      await db.from('organizations').where('id', fixture.organizationId).delete()
      await db.from('users').whereIn('id', fixture.userIds).delete()
    }
  })

  test('the identity provider signs a new user in; the console opens their organization', async ({
    assert,
    cleanup,
  }) => {
    const email = `sso-new-${randomBytes(4).toString('hex')}@corp.test`
    cleanup(async () => {
      await db.from('users').where('email', email).delete()
    })
    const sp = serviceProviderUrls(fixture.providerId)
    const page = await chromium.page(cleanup)
    Object.assign(next, { email, displayName: 'Grace Hopper', sign: 'assertion' })
    await page.goto(sp.startURL)
    await page.waitForURL(`${baseUrl}/console`)
    const list = page.getByTestId('organization-list')
    await list.getByRole('link', { name: fixture.title }).waitFor()

    const user = await db.from('users').where('email', email).first()
    assert.equal(user.display_name, 'Grace Hopper')
    const member = await db.from('organization_members').where('user_id', user.id).first()
    assert.equal(member.organization_id, fixture.organizationId)
    assert.equal(member.role, 'comment')
  })

  test('a member of the SSO-enforced organization cannot sign in with a password', async ({
    assert,
    cleanup,
  }) => {
    const page = await chromium.page(cleanup)
    await signIn(page, fixture.email, fixture.password)
    const error = page.getByTestId('login-error').filter({ hasText: 'requires single sign-on' })
    await error.waitFor()
    assert.include(await error.textContent(), `"${fixture.title}" requires single sign-on`)
    assert.equal(new URL(page.url()).pathname, '/console/login')
  })

  test('a refused SSO response comes back to the sign-in page with the reason', async ({
    assert,
    cleanup,
  }) => {
    const sp = serviceProviderUrls(fixture.providerId)
    const page = await chromium.page(cleanup)
    Object.assign(next, { email: 'x@corp.test', displayName: undefined, sign: 'none' })
    await page.goto(sp.startURL)
    await page.waitForURL(`${baseUrl}/console/login`)
    const error = page.getByTestId('login-error')
    await error.waitFor()
    assert.include(await error.textContent(), 'Single sign-on failed')
    assert.isNull(await db.from('users').where('email', 'x@corp.test').first())
  })
})
