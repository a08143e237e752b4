import { test } from '@japa/runner'
import { errors } from '@vinejs/vine'
import ImportService from '#content/import/import_service'
import { SsrfGuard } from '#content/import/ssrf_guard'
import { importContentValidator } from '#content/validators/import_validator'
import { authorizeImport } from '#content/controllers/import_space_content_controller'
import { BadRequestException, ForbiddenException } from '#core/exceptions/api_exceptions'
import type { SpaceAccess } from '#spaces/records'
import { MemorySink, startTestSite } from '#tests/helpers/import_site'

async function validationMessages(data: unknown): Promise<string[]> {
  try {
    await importContentValidator.validate(data)
  } catch (error) {
    if (error instanceof errors.E_VALIDATION_ERROR)
      return error.messages.map((m: any) => `${m.field}: ${m.message}`)
    throw error
  }
  return []
}

test.group('Import service', () => {
  test('crawls and plans a website', async ({ assert, cleanup }) => {
    const site = await startTestSite()
    cleanup(() => site.close())
    const plan = await new ImportService().crawlAndPlan(`${site.origin}/docs/guide`, 'space', {
      sink: new MemorySink(),
      guard: new SsrfGuard({ allowedHosts: [`127.0.0.1:${site.port}`] }),
      requestTimeoutMs: 2000,
      maxBytesPerResource: 100 * 1024,
    })
    // The guide and its child page, and the child's image; the home page is outside /docs/guide/.
    assert.equal(plan.importedResources, 3)
    assert.equal(plan.totalResources, 3)
    assert.deepEqual(
      plan.changes.map((change) =>
        change.operation === 'insert_page' ? [change.title, !!change.into] : change.operation
      ),
      [
        'insert_files',
        ['The guide', false],
        // The start page is the first root page, never a parent: its children are its siblings.
        ['Install', false],
      ]
    )
  }).timeout(60_000)

  test('a start URL that cannot be imported is a 400 naming url', async ({ assert, cleanup }) => {
    const site = await startTestSite()
    cleanup(() => site.close())
    const service = new ImportService()
    const allowed = new SsrfGuard({ allowedHosts: [`127.0.0.1:${site.port}`] })
    const cases: Array<[string, SsrfGuard, RegExp]> = [
      [
        `${site.origin}/file.json`,
        allowed,
        /application\/json.*only HTML pages can be imported \(rule import\.not_html\)/,
      ],
      [`${site.origin}/nope`, allowed, /answered HTTP 404 \(rule import\.status\)/],
      [`${site.origin}/docs/slow`, allowed, /did not answer in time \(rule import\.unreachable\)/],
      // IMPORT_ALLOWED_HOSTS is unset in tests: the default guard refuses the local site.
      [
        `${site.origin}/docs/`,
        undefined as any,
        /private or reserved address.*\(rule import\.refused\)/,
      ],
      ['http://169.254.169.254/latest/meta-data/', allowed, /private or reserved/],
    ]
    for (const [url, guard, message] of cases) {
      const error = await service
        .crawlAndPlan(url, 'space', { guard, requestTimeoutMs: 300, sink: new MemorySink() })
        .catch((e) => e)
      assert.instanceOf(error, BadRequestException, url)
      assert.equal(error.status, 400)
      assert.match(error.message, /^Invalid request: url: The URL cannot be imported: /)
      assert.match(error.message, message, url)
    }
    assert.notInclude(site.requests, '/docs/')
  }).timeout(60_000)

  test('the request body: url (http/https, max 2048) and a supported source', async ({
    assert,
  }) => {
    assert.deepEqual(
      await validationMessages({ url: ' https://example.com/docs ', source: 'website' }),
      []
    )
    const valid = await importContentValidator.validate({
      url: 'https://example.com/docs',
      source: 'website',
    })
    assert.deepEqual(valid, { url: 'https://example.com/docs', source: 'website' })

    assert.deepEqual(await validationMessages({}), [
      'url: The url field must be defined',
      'source: The source field must be defined',
    ])
    const schemeMessages = await validationMessages({
      url: 'ftp://example.com/x',
      source: 'website',
    })
    assert.match(schemeMessages[0], /^url: /)
    const urlMessages = await validationMessages({ url: 'not a url', source: 'website' })
    assert.match(urlMessages[0], /^url: /)
    const sourceMessages = await validationMessages({
      url: `https://example.com/${'a'.repeat(2048)}`,
      source: 'website',
    })
    assert.match(sourceMessages[0], /^url: .*2048/)
    assert.deepEqual(await validationMessages({ url: 'https://example.com', source: 'file' }), [
      'source: The source "file" is not supported: the supported source is website',
    ])
    assert.deepEqual(await validationMessages({ url: 'https://example.com', source: 'git' }), [
      'source: The source field must be one of website, file (supported: website)',
    ])
  }).timeout(60_000)

  test('a locked space refuses imports with a 403, whatever the role', async ({ assert }) => {
    const access = {
      space: { editMode: 'locked' },
      role: 'admin',
      organizationRole: 'admin',
    } as unknown as SpaceAccess
    const error = await authorizeImport({} as any, access).catch((e) => e)
    assert.instanceOf(error, ForbiddenException)
    assert.equal(error.status, 403)
    assert.match(error.message, /locked/)
  }).timeout(60_000)
})
