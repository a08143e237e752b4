import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { SignJWT } from 'jose'
import User from '#accounts/models/user'
import OrganizationService from '#organizations/services/organization_service'
import SiteService from '#sites/services/site_service'
import PublishingAuthService from '#sites/services/publishing_auth_service'
import { authorSpace, PNG_1X1 } from '#tests/helpers/authoring'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  launchChromium,
  openPage,
  signIn,
  type Fixture,
} from '#tests/helpers/browser'

/** A user with an organization of their own, and what creating its sites takes. */
async function siteOwner(label: string) {
  const acme = await createFixture(label)
  const admin = await User.findOrFail(acme.userId)
  const access = await new OrganizationService().accessFor(admin, acme.organizationId)
  return { acme, admin, access, sites: await app.container.make(SiteService) }
}

const GETTING_STARTED = `# Getting started

Welcome to the **zebra** handbook. Read the [configuration](configuration.md) next.

![Logo](./logo)

## Install

\`\`\`bash
npm install zebra --save
\`\`\`

## First steps

{% hint style="info" %}
Zebras are friendly once configured.
{% endhint %}

| Option | Default |
|--------|---------|
| stripes | 42 |
`

/**
 * A published site read in Debian's Chromium as a visitor: navigation, search, themes, a phone's
 * width, visitor authentication; and an administrator's preview from the console.
 */
test.group('Published sites in a browser', (group) => {
  group.tap((t) => t.tags(['@sites', '@reader']))
  const chromium = chromiumFor(group)
  let acme: Fixture
  let siteUrl: string
  let privateSiteUrl: string
  let privateKey: string

  group.setup(async () => {
    const owner = await siteOwner('reader')
    acme = owner.acme
    const { admin, access, sites } = owner
    const handbook = await createSpace(acme.userId, acme.organizationId, 'Handbook')
    await authorSpace(acme.userId, handbook, [
      {
        operation: 'insert_files',
        files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG_1X1 }],
      },
      {
        operation: 'insert_page',
        ref: 'start',
        title: 'Getting started',
        document: { markdown: GETTING_STARTED },
      },
      {
        operation: 'insert_page',
        ref: 'config',
        title: 'Configuration',
        document: {
          markdown: '# Configuration\n\nSet `stripes`.\n\n## Colours\n\nBlack and white.\n',
        },
      },
      {
        operation: 'insert_page',
        into: 'config',
        title: 'Advanced',
        document: { markdown: 'Advanced zebra tuning.\n' },
      },
    ])
    const { site } = await sites.create(admin, access, { title: 'Zebra docs', spaces: [handbook] })
    const opened = await sites.find(access, site.id)
    await sites.publish(opened)
    siteUrl = `${baseUrl}/sites/${acme.organizationId}/${site.id}`

    const { site: closed } = await sites.create(admin, access, {
      title: 'Partner docs',
      spaces: [handbook],
      visibility: 'visitor-auth',
    } as any)
    const closedAccess = await sites.find(access, closed.id)
    await sites.publish(closedAccess)
    const auth = await new PublishingAuthService().get(closedAccess)
    privateKey = auth.privateKey
    privateSiteUrl = `${baseUrl}/sites/${acme.organizationId}/${closed.id}`
    return () => deleteFixtures([acme])
  })

  test('a visitor reads, navigates and searches the site, in light, dark and on a phone', async ({
    assert,
    cleanup,
  }) => {
    const page = await chromium.page(cleanup)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(siteUrl)
    assert.equal(await page.title(), 'Getting started | Zebra docs')
    await page.getByRole('heading', { name: 'Install' }).waitFor()
    assert.equal(
      await page.locator('nav [aria-current="page"]').first().textContent(),
      'Getting started'
    )
    // The logo loads after the page's heading shows: wait for it (a broken image loads too, with
    // no natural size).
    const logoWidth = await page.locator('img[alt="Logo"]').evaluate(
      (img: HTMLImageElement) =>
        new Promise<number>((resolve) => {
          if (img.complete) return resolve(img.naturalWidth)
          img.addEventListener('load', () => resolve(img.naturalWidth), { once: true })
          img.addEventListener('error', () => resolve(0), { once: true })
        })
    )
    assert.equal(logoWidth, 1)
    await screenshot(page, 'reader-light')

    await page.getByRole('link', { name: 'Configuration' }).first().click()
    await page.waitForURL(`${siteUrl}/configuration`)
    await page.getByRole('link', { name: 'Colours', exact: true }).click()
    assert.match(page.url(), /#colours$/)
    await page.getByRole('link', { name: /Next\s*Advanced/ }).click()
    await page.waitForURL(`${siteUrl}/configuration/advanced`)

    await page.getByRole('searchbox', { name: 'Search this site' }).fill('stripes')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByRole('heading', { name: 'Results for “stripes”' }).waitFor()
    await screenshot(page, 'reader-search')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto(siteUrl)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    assert.equal(background, 'rgb(13, 17, 23)')
    await screenshot(page, 'reader-dark')

    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${siteUrl}/configuration`)
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    assert.isAtMost(width, 390)
    await screenshot(page, 'reader-phone')
  })

  test('a visitor-auth site opens with a signed token only, and stays open for the session', async ({
    assert,
    cleanup,
  }) => {
    const page = await chromium.page(cleanup)
    const refused = await page.goto(privateSiteUrl)
    assert.equal(refused?.status(), 401)
    await page.getByRole('heading', { name: 'Sign-in required' }).waitFor()

    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(privateKey))
    await page.goto(`${privateSiteUrl}/configuration?jwt_token=${token}`)
    assert.equal(page.url(), `${privateSiteUrl}/configuration`)
    await page.getByRole('heading', { name: 'Configuration', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Getting started' }).first().click()
    await page.getByRole('heading', { name: 'Install' }).waitFor()
    await screenshot(page, 'reader-visitor-auth')
  })
})

test.group('Published sites: the console preview', (group) => {
  group.tap((t) => t.tags(['@sites', '@reader']))
  test('an admin previews an unpublished site from the console', async ({ assert, cleanup }) => {
    const { acme, admin, access, sites } = await siteOwner('preview')
    cleanup(() => deleteFixtures([acme]))
    const space = await createSpace(acme.userId, acme.organizationId, 'Drafts')
    await authorSpace(acme.userId, space, [
      {
        operation: 'insert_page',
        title: 'Draft page',
        document: { markdown: 'Not yet public.\n' },
      },
    ])
    const { site } = await sites.create(admin, access, { title: 'Draft docs', spaces: [space] })

    const browser = await launchChromium()
    cleanup(() => browser.close())
    const visitor = await openPage(browser, cleanup)
    const refused = await visitor.page.goto(`${baseUrl}/sites/${acme.organizationId}/${site.id}`)
    assert.equal(refused?.status(), 404)

    const { page } = await openPage(browser, cleanup, { viewport: { width: 1200, height: 900 } })
    await signIn(page, acme.email, acme.password)
    await page.waitForURL(`${baseUrl}/console`)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}/sites/${site.id}`)
    const preview = page.getByTestId('site-preview')
    assert.equal(await preview.textContent(), 'Preview')
    await page.goto((await preview.getAttribute('href'))!)
    await page.getByRole('status').filter({ hasText: 'Preview of an unpublished site' }).waitFor()
    await page.getByRole('heading', { name: 'Draft page' }).waitFor()
    await screenshot(page, 'reader-preview')
  })
})
