import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import User from '#accounts/models/user'
import OrganizationService from '#organizations/services/organization_service'
import SiteService from '#sites/services/site_service'
import OpenAPISpecService from '#openapi/services/openapi_spec_service'
import { authorSpace } from '#tests/helpers/authoring'
import {
  baseUrl,
  chromiumFor,
  createFixture,
  createSpace,
  deleteFixtures,
  screenshot,
  type Fixture,
} from '#tests/helpers/browser'
import { PETSTORE_31, text } from '#tests/helpers/openapi_fixtures'

const REFERENCE = `# Pets

{% openapi-operation spec="petstore" path="/pets" method="post" %}
[OpenAPI petstore](https://example.com/openapi.json)
{% endopenapi-operation %}
`

/**
 * A published page showing an OpenAPI operation, read in Debian's Chromium under the reader's
 * Content-Security-Policy (no script): the block is server-rendered HTML.
 */
test.group('OpenAPI operations on a published site in a browser', (group) => {
  group.tap((t) => t.tags(['@sites', '@openapi']))
  const chromium = chromiumFor(group)
  let acme: Fixture
  let siteUrl: string

  group.setup(async () => {
    acme = await createFixture('openapi-reader')
    const admin = await User.findOrFail(acme.userId)
    const access = await new OrganizationService().accessFor(admin, acme.organizationId)
    const specs = await app.container.make(OpenAPISpecService)
    await specs.create(access, 'petstore', { text: text(PETSTORE_31) })
    const space = await createSpace(acme.userId, acme.organizationId, 'API')
    await authorSpace(acme.userId, space, [
      { operation: 'insert_page', title: 'Pets', document: { markdown: REFERENCE } },
    ])
    const sites = await app.container.make(SiteService)
    const { site } = await sites.create(admin, access, { title: 'API docs', spaces: [space] })
    await sites.publish(await sites.find(access, site.id))
    siteUrl = `${baseUrl}/sites/${acme.organizationId}/${site.id}`
    return () => deleteFixtures([acme])
  })

  test('a visitor reads the operation', async ({ assert, cleanup }) => {
    const page = await chromium.page(cleanup)
    await page.setViewportSize({ width: 1280, height: 900 })
    const errors: string[] = []
    page.on('console', (message) => {
      // The reader's own empty favicon (`data:,`) is refused by its CSP: not the block's doing.
      if (message.type() === 'error' && !message.text().includes("'data:,'"))
        errors.push(message.text())
    })
    await page.goto(siteUrl)
    const block = page.locator('.openapi-operation')
    await block.waitFor()
    assert.equal(await block.locator('.openapi-method').textContent(), 'POST')
    assert.include(await block.textContent(), 'Create a pet')
    assert.include(await block.locator('pre').textContent(), '"name": "Rex"')
    await screenshot(page, 'published-openapi-operation')
    assert.deepEqual(errors, [], errors.join('\n'))
  })
})
