import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Locator, Page } from 'playwright-core'
import { serviceProviderUrls } from '#sso/serializers/saml_provider_serializer'
import { authnRequestOf, createTestIdp, samlResponse } from '#tests/helpers/saml_idp'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'

function notice(page: Page, text: string) {
  return page.getByTestId('notice').filter({ hasText: text }).waitFor()
}

function fieldError(scope: Locator | Page, text: string) {
  return scope.locator('.field-error').filter({ hasText: text }).first().waitFor()
}

/**
 * Who the test identity provider signs in, for which provider.
 */
const next = { providerId: '', email: '' }

/**
 * A test identity provider on the loopback interface: it answers the AuthnRequest with a page
 * that posts a signed response to Bindery's ACS, as real identity providers do.
 */
async function startIdentityProvider(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/saml/sso' || !next.providerId) {
      response.writeHead(404).end()
      return
    }
    const { id } = authnRequestOf(url.toString())
    const sp = serviceProviderUrls(next.providerId)
    const saml = samlResponse({
      idp,
      audience: sp.entityID,
      acsUrl: sp.acsURL,
      inResponseTo: id,
      email: next.email,
      displayName: 'Grace Hopper',
    })
    response.writeHead(200, { 'content-type': 'text/html' })
    response.end(
      `<html><body><p>Test identity provider</p><form method="post" action="${sp.acsURL}">` +
        `<input type="hidden" name="SAMLResponse" value="${saml}"/></form>` +
        `<script>document.forms[0].submit()</script></body></html>`
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

let idp = createTestIdp('orgadmin-idp')

/**
 * An organization's settings in Debian's Chromium: its admin renames it and adds an e-mail
 * domain, sets up a SAML identity provider (certificate from a file) and reads what to copy into
 * the identity provider, requires SSO and stops, edits translation settings; then a signed-out
 * person at that e-mail domain signs in with "Sign in with SSO" through the (test) identity
 * provider, answered in the browser by route interception.
 */
test.group('Console organization settings in a browser', (group) => {
  group.tap((t) => t.tags(['@console']))
  const chromium = chromiumFor(group)
  let identityProvider: Server
  const domain = `orgadmin-${randomBytes(4).toString('hex')}.test`
  const newcomer = `grace@${domain}`
  let acme: Fixture

  group.setup(async () => {
    identityProvider = await startIdentityProvider()
    idp = {
      ...idp,
      ssoUrl: `http://127.0.0.1:${(identityProvider.address() as AddressInfo).port}/saml/sso`,
    }
    acme = await createFixture('orgadmin')
    return async () => {
      await new Promise((resolve) => identityProvider.close(resolve))
      await db.from('users').where('email', newcomer).delete()
      await deleteFixtures([acme])
    }
  })

  test('an admin edits the settings and SSO; a member signs in with SSO', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    const settingsUrl = `${baseUrl}/console/orgs/${acme.organizationId}`
    await page.goto(settingsUrl)

    // Rename: an empty title is refused on its field, then the new title and domain are saved.
    const form = page.getByTestId('organization-settings-form')
    await form.getByLabel('Title').fill('')
    await form.getByRole('button', { name: 'Save settings' }).click()
    await fieldError(form, 'Title must be at least 2 characters long.')
    const renamed = `Orgadmin ${randomBytes(3).toString('hex')}`
    await form.getByLabel('Title').fill(renamed)
    await form.getByLabel('E-mail domains (one per line)').fill(`${domain}\nnot a domain`)
    await form.getByRole('button', { name: 'Save settings' }).click()
    await fieldError(form, '"not" is not an e-mail domain')
    await form.getByLabel('E-mail domains (one per line)').fill(domain)
    await form.getByLabel('Invite links').uncheck()
    await form.getByRole('button', { name: 'Save settings' }).click()
    await notice(page, 'Organization settings saved.')
    assert.equal(await page.getByTestId('organization-title').textContent(), renamed)
    await screenshot(page, 'org-settings-general')

    // A SAML provider: its certificate read from a file.
    await page.getByRole('link', { name: 'Single sign-on' }).click()
    await page.waitForURL(`${settingsUrl}/sso`)
    const create = page.getByTestId('create-saml-provider-form')
    await create.getByLabel('Name shown on the sign-in page').fill('Corporate IdP')
    await create.getByLabel("Identity provider's sign-in URL (SSO URL)").fill(idp.ssoUrl)
    await create.getByLabel("Identity provider's entity ID (issuer)").fill(idp.entityId)
    await create.getByLabel('…or a certificate file (.pem, .crt, .cer)').setInputFiles({
      name: 'idp.pem',
      mimeType: 'application/x-pem-file',
      buffer: Buffer.from(idp.certificatePem),
    })
    await page.waitForFunction(() =>
      document.querySelector('textarea')?.value.includes('BEGIN CERTIFICATE')
    )
    await create.getByRole('button', { name: 'Create provider' }).click()
    await notice(page, 'SAML provider Corporate IdP created.')

    const row = await db
      .from('saml_providers')
      .where('organization_id', acme.organizationId)
      .first()
    const sp = serviceProviderUrls(row.id)
    const spData = page.getByTestId('service-provider')
    assert.equal(await spData.locator('input').first().inputValue(), sp.acsURL)
    await page.getByText('Show the metadata XML').click()
    assert.include(await page.getByTestId('sp-metadata').textContent(), sp.acsURL)
    assert.equal(await page.getByTestId('saml-provider-status').textContent(), 'active')
    assert.include(await page.getByTestId('certificate-info').textContent(), 'valid until')
    await screenshot(page, 'org-settings-saml-provider')

    // Require single sign-on, then stop requiring it.
    await page.getByRole('link', { name: 'All identity providers' }).click()
    await page.getByRole('button', { name: 'Require single sign-on' }).click()
    await notice(page, 'Single sign-on is now required')
    await screenshot(page, 'org-settings-sso')
    await page.getByRole('button', { name: 'Stop requiring single sign-on' }).click()
    await notice(page, 'Single sign-on is no longer required')

    // Translation settings.
    await page.getByRole('link', { name: 'Translations' }).click()
    const translation = page.getByTestId('create-translation-form')
    await translation.getByLabel('Title').fill('Europe')
    await translation.getByLabel('French (fr)').check()
    await translation.getByLabel('German (de)').check()
    await translation.getByRole('button', { name: 'Create translation settings' }).click()
    await notice(page, 'Translation settings Europe created.')
    await screenshot(page, 'org-settings-translations')

    // Signed out: "Sign in with SSO" with an address at the organization's domain, through the
    // identity provider (answered here), into the console as a new member.
    const visitor = await chromium.page(cleanup)
    await visitor.setViewportSize({ width: 1000, height: 800 })
    Object.assign(next, { providerId: row.id, email: newcomer })
    await visitor.goto(`${baseUrl}/console/login`)
    await visitor.getByRole('link', { name: 'Sign in with SSO' }).click()
    const sso = visitor.getByTestId('sso-sign-in-form')
    await sso.getByLabel('Work e-mail or organization hostname').fill('nobody@nowhere.test')
    await sso.getByRole('button', { name: 'Continue with SSO' }).click()
    await fieldError(sso, 'No single sign-on is set up')
    await sso.getByLabel('Work e-mail or organization hostname').fill(newcomer)
    await screenshot(visitor, 'login-sso')
    await sso.getByRole('button', { name: 'Continue with SSO' }).click()
    await visitor.waitForURL(`${baseUrl}/console`)
    await visitor.getByTestId('organization-list').getByRole('link', { name: renamed }).waitFor()
    assert.equal(await visitor.getByTestId('signed-in-as').textContent(), 'Grace Hopper')
  })
})
