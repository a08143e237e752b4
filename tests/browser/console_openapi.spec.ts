import { test } from '@japa/runner'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'
import { PETSTORE_30_YAML as YAML } from '#tests/helpers/openapi_fixtures'

/**
 * The console's OpenAPI pages in Debian's Chromium: an admin uploads a specification from a file,
 * reads its operations and versions, then deletes it.
 */
test.group('Console OpenAPI in a browser', (group) => {
  group.tap((t) => t.tags(['@console', '@openapi']))
  const chromium = chromiumFor(group)
  let acme: Fixture

  group.setup(async () => {
    acme = await createFixture('openapi')
    return () => deleteFixtures([acme])
  })

  test('an admin uploads a file, reads its operations, and deletes it', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await chromium.signedIn(cleanup, acme)
    await page.goto(`${baseUrl}/console/orgs/${acme.organizationId}`)
    await page.getByRole('link', { name: 'OpenAPI' }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/openapi`)

    const form = page.getByTestId('upload-openapi-form')
    await form.getByLabel('Slug').fill('petstore')
    await form.getByLabel('…or a JSON or YAML file').setInputFiles({
      name: 'petstore.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(YAML),
    })
    await form.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/openapi/petstore`)
    await page.getByTestId('notice').filter({ hasText: 'petstore uploaded' }).waitFor()
    const title = await page.getByTestId('openapi-version-title').textContent()
    assert.equal(title, 'Petstore — version 1')
    const operations = await page.getByTestId('openapi-operations').textContent()
    assert.include(operations, '/pets')
    assert.include(operations, 'List pets')
    await screenshot(page, 'console-openapi-spec')

    await page.getByRole('button', { name: 'Delete specification' }).click()
    await page.getByRole('button', { name: 'Confirm: delete petstore' }).click()
    await page.waitForURL(`${baseUrl}/console/orgs/${acme.organizationId}/openapi`)
    await page.getByText('No OpenAPI specification yet.').waitFor()
  })
})
