import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'

/**
 * Onboarding in Debian's Chromium: an admin invites, a new person accepts in a fresh browser,
 * creates an account and lands in the organization, signs out and in again (back to the page they
 * asked for), then mints an API token, uses it against /v1 and revokes it.
 */
test.group('Console onboarding in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  const newcomer = {
    name: 'Nia Newcomer',
    email: `console-newcomer-${randomBytes(6).toString('hex')}@example.com`,
    password: `pw-${randomBytes(12).toString('base64url')}`,
  }

  group.setup(async () => {
    acme = await createFixture('onboarding')
    return async () => {
      const user = await db.from('users').where('email', newcomer.email).select('id').first()
      const accounts = user
        ? [{ userId: user.id, email: newcomer.email, password: '', displayName: '' }]
        : []
      await deleteFixtures([acme], accounts)
    }
  })

  test('invite, accept with a new account, sign in again, mint and revoke a token', async ({
    assert,
    cleanup,
  }) => {
    // The admin invites an address and makes an invite link.
    const { page: admin, context } = await chromium.signedIn(cleanup, acme)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await admin.goto(`${baseUrl}/console/orgs/${acme.organizationId}/members`)
    const emailForm = admin.getByTestId('email-invite-form')
    await emailForm.getByLabel('E-mail addresses').fill('later@example.com, not-an-address')
    await emailForm.getByRole('button', { name: 'Invite' }).click()
    await emailForm.getByText('Enter 1 to 100 valid e-mail addresses').waitFor()
    await emailForm.getByLabel('E-mail addresses').fill('later@example.com')
    await emailForm.locator('select[name="role"]').selectOption('review')
    await emailForm.getByRole('button', { name: 'Invite' }).click()
    await admin.getByTestId('notice').filter({ hasText: '1 invite ready' }).waitFor()
    await admin.getByTestId('invite-later@example.com').waitFor()

    const linkForm = admin.getByTestId('invite-link-form')
    await linkForm.locator('select[name="role"]').selectOption('edit')
    await linkForm.getByRole('button', { name: 'Create link' }).click()
    await admin.getByTestId('notice').filter({ hasText: 'Invite link created' }).waitFor()
    const links = admin.getByTestId('invite-links')
    await links.getByRole('button', { name: 'Copy link' }).click()
    await links.getByRole('button', { name: /Copied|Press Ctrl\+C/ }).waitFor()
    const link = await links.getByLabel('Invite link').inputValue()
    const copied = await admin.evaluate(() => navigator.clipboard.readText()).catch(() => link)
    assert.equal(copied, link)
    assert.match(link, new RegExp(`/console/invite-links/${acme.organizationId}/`))
    await screenshot(admin, 'onboarding-members-invites')

    // A new person, in a fresh browser, opens the link and creates an account.
    const visitor = await chromium.page(cleanup)
    await visitor.setViewportSize({ width: 1200, height: 900 })
    await visitor.goto(link)
    await visitor.getByTestId('invite-summary').filter({ hasText: acme.title }).waitFor()
    assert.include(await visitor.getByTestId('invite-summary').innerText(), 'edit')
    await screenshot(visitor, 'onboarding-invite-page')
    const register = visitor.getByTestId('register-form')
    await register.getByLabel('Your name').fill(newcomer.name)
    await register.getByLabel('E-mail').fill(newcomer.email)
    await register.getByLabel('Password').fill('short')
    await register.getByRole('button', { name: 'Create account and join' }).click()
    await register.locator('.field-error').first().waitFor()
    await screenshot(visitor, 'onboarding-invite-error')
    await register.getByLabel('Password').fill(newcomer.password)
    await register.getByRole('button', { name: 'Create account and join' }).click()
    await visitor.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}`)
    await visitor.getByTestId('notice').filter({ hasText: 'now a member' }).waitFor()
    assert.equal(await visitor.getByTestId('signed-in-as').innerText(), newcomer.name)
    await screenshot(visitor, 'onboarding-landed')

    // Signs out; a signed-out visit to the tokens page signs in and comes back to it.
    await visitor.getByRole('button', { name: 'Sign out' }).click()
    await visitor.waitForURL(`${baseUrl}/console/login`)
    await visitor.goto(`${baseUrl}/console/tokens`)
    await visitor.waitForURL(`${baseUrl}/console/login?return=%2Fconsole%2Ftokens`)
    await visitor.getByLabel('E-mail').fill(newcomer.email)
    await visitor.getByLabel('Password').fill(newcomer.password)
    await visitor.getByRole('button', { name: 'Sign in' }).click()
    await visitor.waitForURL(`${baseUrl}/console/tokens`)

    // Mints a token (shown once), uses it against /v1, revokes it.
    const mint = visitor.getByTestId('create-token-form')
    await mint.getByLabel('Name').fill('Publishing script')
    await mint.getByLabel('All scopes').uncheck()
    await mint.getByLabel('user:read').check()
    await mint.getByLabel('space:read').check()
    await mint.getByRole('button', { name: 'Create token' }).click()
    await visitor.getByTestId('minted-token').waitFor()
    const secret = await visitor.getByLabel('New token').inputValue()
    assert.match(secret, /^gb_api_/)
    await visitor.getByTestId('token-Publishing script').waitFor()
    await screenshot(visitor, 'onboarding-token-minted')

    const me = await fetch(`${baseUrl}/v1/user`, { headers: { Authorization: `Bearer ${secret}` } })
    assert.equal(me.status, 200)
    const body = (await me.json()) as { email: string }
    assert.equal(body.email, newcomer.email)

    const row = visitor.getByTestId('token-Publishing script')
    await row.getByRole('button', { name: 'Revoke' }).click()
    await row.getByRole('button', { name: 'Confirm revoke' }).click()
    await visitor.getByTestId('notice').filter({ hasText: 'revoked' }).waitFor()
    await row.waitFor({ state: 'detached' })
    await screenshot(visitor, 'onboarding-token-revoked')
    const refused = await fetch(`${baseUrl}/v1/user`, {
      headers: { Authorization: `Bearer ${secret}` },
    })
    assert.equal(refused.status, 401)

    // The organization list has the organization, and a form to create another.
    await visitor.goto(`${baseUrl}/console`)
    await visitor.getByTestId('organization-list').getByText(acme.title).waitFor()
    await screenshot(visitor, 'onboarding-organizations')
  })
})
