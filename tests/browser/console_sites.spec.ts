import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Locator, Page } from 'playwright-core'
import User from '#accounts/models/user'
import OrganizationService from '#organizations/services/organization_service'
import SiteService from '#sites/services/site_service'
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
 * Sends the form of `scope` with the button named `button`.
 */
function submit(scope: Locator | Page, button: string) {
  return scope.getByRole('button', { name: button, exact: true }).click()
}

/**
 * Waits for the notice a successful form flashes.
 */
function notice(page: Page, text: string) {
  return page.getByTestId('notice').filter({ hasText: text }).waitFor()
}

/**
 * Waits for the inline error of a field in `scope` that contains `text`.
 */
function fieldError(scope: Locator | Page, text: string) {
  return scope.locator('.field-error').filter({ hasText: text }).first().waitFor()
}

/**
 * The console's site pages in Debian's Chromium: an admin builds and publishes a site; a reader
 * sees it without the forms.
 */
test.group('Console sites in a browser', (group) => {
  group.tap((t) => t.tags(['@console', '@sites']))
  const chromium = chromiumFor(group)
  let acme: Fixture
  let reader: Account
  let readerSiteId: string

  group.setup(async () => {
    acme = await createFixture('sites')
    reader = await createAccount('site-reader', {
      organizationId: acme.organizationId,
      role: 'read',
    })
    const guide = await createSpace(acme.userId, acme.organizationId, 'Guide')
    await createSpace(acme.userId, acme.organizationId, 'Reference')
    const admin = await User.findOrFail(acme.userId)
    const access = await new OrganizationService().accessFor(admin, acme.organizationId)
    const sites = await app.container.make(SiteService)
    const { site } = await sites.create(admin, access, { title: 'Shared docs', spaces: [guide] })
    readerSiteId = site.id
    return () => deleteFixtures([acme], [reader])
  })

  const sitesUrl = () => `${baseUrl}/console/orgs/${acme.organizationId}/sites`

  test('an admin creates, structures, shares and publishes a site', async ({ assert, cleanup }) => {
    const { page, context } = await chromium.signedIn(cleanup, acme)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}`)
    await page.getByRole('link', { name: 'Sites' }).click()
    await page.waitForURL(sitesUrl())

    // The title is checked on the field; then a site without spaces is created.
    const create = page.getByTestId('create-site-form')
    await create.getByLabel('Site title').fill('x')
    await submit(create, 'Create site')
    await fieldError(create, 'title')
    const title = `Handbook ${randomBytes(3).toString('hex')}`
    await create.getByLabel('Site title').fill(title)
    await submit(create, 'Create site')
    await page.waitForURL(new RegExp(`/sites/[A-Za-z0-9]{20}$`))
    await notice(page, `Site ${title} created.`)

    // Publishing a site without a space is refused with the service's reason.
    await submit(page, 'Publish')
    await page.getByTestId('form-error').filter({ hasText: 'publishes no space' }).waitFor()
    await screenshot(page, 'site-refused-publish')

    const addSpace = page.getByTestId('add-site-space-form')
    await addSpace.getByLabel('Space').selectOption({ label: 'Guide' })
    await submit(addSpace, 'Add space')
    await page.getByTestId('site-space-Guide').waitFor()

    // A section from Reference (the root's Guide moves into a first section), and a group.
    const createSection = page.getByTestId('create-section-form')
    await createSection.getByLabel('Space').selectOption({ label: 'Reference' })
    await submit(createSection, 'Create section')
    const reference = page.getByTestId('section-Reference')
    await reference.waitFor()
    const createGroup = page.getByTestId('create-group-form')
    await createGroup.getByLabel('Group title').fill('Extras')
    await submit(createGroup, 'Create group')
    await page.getByTestId('group-Extras').waitFor()
    await reference.getByLabel('Group of Reference').selectOption({ label: 'Extras' })
    await page.getByTestId('group-Extras').getByTestId('section-Reference').waitFor()

    // An invalid condition is shown on its field; a valid one is saved.
    const condition = reference.getByLabel('Condition')
    await condition.fill('window.location')
    await submit(reference, 'Save condition')
    await fieldError(reference, 'window')
    await condition.fill('visitor.claims.plan === "pro"')
    await submit(reference, 'Save condition')
    await reference.getByTestId('section-condition').waitFor()
    assert.include(await reference.getByTestId('section-condition').innerText(), 'pro')

    // A share link: copied to the clipboard, then deactivated.
    await page.getByLabel('Share link name').fill('Partners')
    await submit(page, 'Create share link')
    const link = page.getByTestId('share-link-Partners')
    await link.waitFor()
    await submit(link, 'Copy URL')
    await link.getByRole('button', { name: 'Copied' }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    assert.equal(copied, await link.getByLabel('URL').inputValue())
    assert.match(copied, /\?share=/)
    await submit(link, 'Deactivate')
    await link.getByTestId('share-link-state').filter({ hasText: 'inactive' }).waitFor()

    // The adaptive schema: text that is not JSON is refused on the field, a schema is saved.
    const schema = page.getByLabel('JSON schema of visitor claims')
    await schema.fill('{ not json')
    await submit(page, 'Save schema')
    await fieldError(page.getByTestId('adaptive-schema'), 'not valid JSON')
    await screenshot(page, 'site-invalid-schema')
    await schema.fill(
      JSON.stringify({
        type: 'object',
        properties: { plan: { type: 'string', description: 'Plan' } },
        additionalProperties: false,
      })
    )
    await submit(page, 'Save schema')
    await notice(page, 'Adaptive schema saved.')

    await submit(page, 'Publish')
    await notice(page, 'Site published.')
    await page.getByTestId('published-state').filter({ hasText: 'published' }).first().waitFor()
    await screenshot(page, 'site-published')

    await page.getByRole('link', { name: 'All sites' }).click()
    await page.waitForURL(sitesUrl())
    const row = page.getByTestId(`site-${title}`)
    assert.include(await row.innerText(), 'published')
    await screenshot(page, 'sites-index')
  })

  test('a reader sees the site without its forms', async ({ assert, cleanup }) => {
    const { page } = await chromium.signedIn(cleanup, reader)
    await page.goto(sitesUrl())
    await page.getByTestId('site-list').waitFor()
    assert.equal(await page.getByTestId('create-site-form').count(), 0)
    await page.getByRole('link', { name: 'Shared docs' }).click()
    await page.waitForURL(`${sitesUrl()}/${readerSiteId}`)
    await page.getByTestId('site-settings').waitFor()
    await page.getByTestId('site-space-Guide').waitFor()
    for (const button of ['Publish', 'Unpublish', 'Save settings', 'Save schema']) {
      assert.equal(await page.getByRole('button', { name: button, exact: true }).count(), 0)
    }
    assert.equal(await page.getByTestId('share-links').count(), 0)
    await screenshot(page, 'site-read-only')
  })
})
