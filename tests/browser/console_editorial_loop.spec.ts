import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { authorSpace } from '#tests/helpers/authoring'
import {
  baseUrl,
  chromiumFor,
  createAccount,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  type Account,
  type Fixture,
} from '#tests/helpers/browser'

/**
 * The console's whole editorial loop in Debian's Chromium, with no API call and no shell: an
 * administrator invites a writer; the writer joins, writes a page in a change request and asks
 * for a review; a reviewer approves; the administrator merges; the page and the space's search
 * show the new text; and after signing out, Back shows no console page from the cache.
 */
test.group('Console editorial loop in a browser', (group) => {
  const chromium = chromiumFor(group)
  let acme: Fixture
  let reviewer: Account
  let spaceId: string
  let guideId: string
  const writer = {
    name: 'Wren Writer',
    email: `console-writer-${randomBytes(6).toString('hex')}@example.com`,
    password: `pw-${randomBytes(12).toString('base64url')}`,
  }

  group.setup(async () => {
    acme = await createFixture('loop')
    reviewer = await createAccount('loop-reviewer', {
      organizationId: acme.organizationId,
      role: 'review',
    })
    const admin = await User.findOrFail(acme.userId)
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    const authored = await authorSpace(admin.id, spaceId, [
      { operation: 'insert_page', title: 'Guide', document: { markdown: 'Welcome aboard.\n' } },
    ])
    guideId = authored.revision.pages[0].node.id
    return async () => {
      const joined = await db.from('users').where('email', writer.email).select('id').first()
      const accounts = [reviewer]
      if (joined) accounts.push({ ...writer, userId: joined.id, displayName: writer.name })
      await deleteFixtures([acme], accounts)
    }
  })

  test('invite a writer, write, review, merge, find it', async ({ assert, cleanup }) => {
    // The administrator makes an invite link for writers.
    const { page: admin } = await chromium.signedIn(cleanup, acme)
    await admin.goto(`${baseUrl}/console/orgs/${acme.organizationId}/members`)
    const linkForm = admin.getByTestId('invite-link-form')
    await linkForm.locator('select[name="role"]').selectOption('edit')
    await linkForm.getByRole('button', { name: 'Create link' }).click()
    await admin.getByTestId('notice').filter({ hasText: 'Invite link created' }).waitFor()
    const link = await admin.getByTestId('invite-links').getByLabel('Invite link').inputValue()

    // The writer opens it in their own browser, creates an account and lands in the organization.
    const page = await chromium.page(cleanup)
    await page.setViewportSize({ width: 1200, height: 900 })
    await page.goto(link)
    const register = page.getByTestId('register-form')
    await register.getByLabel('Your name').fill(writer.name)
    await register.getByLabel('E-mail').fill(writer.email)
    await register.getByLabel('Password').fill(writer.password)
    await register.getByRole('button', { name: 'Create account and join' }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}`)

    // A change request from the space's page; the guide written in the editor and saved.
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    const newChangeRequest = page.getByTestId('new-change-request-form')
    await newChangeRequest.getByLabel('Subject').fill('Explain the airship')
    await newChangeRequest.getByRole('button', { name: 'New change request' }).click()
    await page.waitForURL(new RegExp(`/console/spaces/${spaceId}/change-requests/\\w+$`))
    const changeRequestUrl = page.url()
    await page.getByTestId(`edit-page-${guideId}`).click()
    await page.locator('.cm-content').click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type('\nThe zeppelin docks at noon.\n')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('notice').filter({ hasText: 'Page saved.' }).waitFor()

    // Ready for review, with the reviewer asked.
    await page.goto(changeRequestUrl)
    const change = page.getByTestId(`change-${guideId}`)
    await change.locator('.cr-diff-added', { hasText: 'The zeppelin docks at noon.' }).waitFor()
    await page.getByRole('button', { name: 'Ready for review' }).click()
    await page.getByTestId('notice').getByText('opened for review').waitFor()
    await page.getByLabel('Reviewer').selectOption(reviewer.userId)
    await page.getByRole('button', { name: 'Request review' }).click()
    await page.getByTestId(`reviewer-${reviewer.userId}`).waitFor()
    await screenshot(page, 'loop-review-requested')

    // The reviewer approves in theirs.
    const { page: review } = await chromium.signedIn(cleanup, reviewer)
    await review.goto(changeRequestUrl)
    await review.getByTestId('approve').click()
    await review.getByTestId('notice').getByText('You approved').waitFor()

    // The administrator merges; the space's page and its search have the new text.
    await admin.goto(changeRequestUrl)
    await admin.getByTestId('merge').click()
    await admin.getByTestId('merged-notice').waitFor()
    await admin.goto(`${baseUrl}/console/spaces/${spaceId}/pages/${guideId}`)
    assert.include(
      await admin.getByTestId('page-html').textContent(),
      'The zeppelin docks at noon.'
    )
    await admin.goto(`${baseUrl}/console/spaces/${spaceId}`)
    await admin.getByRole('searchbox').fill('zeppelin')
    await admin.getByRole('button', { name: 'Search' }).click()
    const results = admin.getByTestId('search-results')
    await results.waitFor()
    await results.getByRole('link', { name: 'Guide', exact: true }).waitFor()
    assert.include(await results.locator('mark').allTextContents(), 'zeppelin')
    await screenshot(admin, 'loop-merged-search')

    // Signed out, Back shows the sign-in page, not the page from the browser's cache.
    await admin.getByRole('button', { name: 'Sign out' }).click()
    await admin.waitForURL(`${baseUrl}/console/login`)
    await admin.goBack()
    await admin.waitForURL(/\/console\/login/)
    assert.equal(await admin.getByTestId('search-results').count(), 0)
  })
})
