import app from '@adonisjs/core/services/app'
import { test } from '@japa/runner'
import env from '#start/env'
import { JobRunner } from '#core/jobs/job_runner'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'
import { startTestSite, type TestSite } from '#tests/helpers/import_site'

const PAGES = ['Install', 'Configure', 'Upgrade', 'Troubleshoot']

/**
 * A website import from a space page in Debian's Chromium: the admin starts it, the progress bar
 * fills (the runner's embedded poller runs the job, as in `npm start`), and the imported pages
 * appear in the space's tree.
 */
test.group('Console website import in a browser', (group) => {
  group.tap((t) => t.tags(['@console']))
  const chromium = chromiumFor(group)
  let acme: Fixture
  let spaceId: string
  let site: TestSite

  group.setup(async () => {
    // A chain of slow pages (each links to the next): the run lasts a few seconds.
    const slow = (index: number) => (_req: any, res: any) => {
      const title = PAGES[index]
      const next = PAGES[index + 1]
      const timer = setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/html' })
        const link = next ? `<p>Next: <a href="${next.toLowerCase()}">${next}</a></p>` : ''
        res.end(
          `<html><body><main><h1>${title}</h1><p>How to ${title}.</p>${link}</main></body></html>`
        )
      }, 900)
      res.on('close', () => clearTimeout(timer))
    }
    site = await startTestSite({
      '/manual/': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(
          '<html><body><main><h1>Manual</h1><p><a href="install">Install</a></p></main></body></html>'
        )
      },
      ...Object.fromEntries(
        PAGES.map((title, index) => [`/manual/${title.toLowerCase()}`, slow(index)])
      ),
    })
    const allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    // The test server does not run jobs by itself (only `npm start` does): run them here.
    const runner = await app.container.make(JobRunner)
    const started = !runner.isRunning
    await runner.start()
    acme = await createFixture('imports')
    spaceId = await createSpace(acme.userId, acme.organizationId, 'Product manual')
    return async () => {
      if (started) await runner.stop()
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
      await deleteFixtures([acme])
    }
  })

  test('an admin imports a website and sees the bar reach done and the pages', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    await page.goto(`${baseUrl}/console/spaces/${spaceId}`)
    const form = page.getByTestId('website-import-form')
    await form.getByLabel('Website address').fill(`${site.origin}/manual/`)
    await form.getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByTestId('notice').filter({ hasText: 'started' }).waitFor()

    const run = page.getByTestId('import-run')
    await page.locator('[data-testid="import-run"][data-status="in-progress"]').waitFor()
    await page.getByTestId('import-counts').filter({ hasText: 'found so far' }).waitFor()
    assert.equal(await run.getByRole('button', { name: 'Cancel import' }).count(), 1)
    await screenshot(page, 'console-import-progress')

    await page
      .locator('[data-testid="import-run"][data-status="completed"]')
      .waitFor({ timeout: 20_000 })
    assert.equal(
      await page.getByTestId('import-counts').textContent(),
      '5 pages and images imported.'
    )
    assert.equal(await page.getByRole('progressbar').getAttribute('aria-valuenow'), '5')
    const tree = page.getByTestId('content-tree')
    for (const title of ['Manual', ...PAGES]) {
      await tree.getByRole('link', { name: title, exact: true }).waitFor()
    }
    // The form is back for the next import.
    await page.getByTestId('website-import-form').waitFor()
    await screenshot(page, 'console-import-done')
  })
})
