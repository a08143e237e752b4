import { test } from '@japa/runner'
import { eachTestInTransaction } from '#tests/helpers/callers'
import { callAs } from '#tests/helpers/fixtures_organizations'
import { assertAnswer } from '#tests/helpers/guards'
import { validateSchema } from '#tests/helpers/contract'
import { page, publishedSite, Reader } from '#tests/helpers/published_sites'
import { createCaller } from '#tests/helpers/callers'
import { PETSTORE_31, text } from '#tests/helpers/openapi_fixtures'

const BLOCK = [
  'Before the operation.',
  '',
  '{% openapi-operation spec="petstore" path="/pets" method="get" %}',
  '[OpenAPI petstore](https://example.com/openapi.json)',
  '{% endopenapi-operation %}',
  '',
  '{% openapi-operation spec="missing" path="/x" method="post" %}',
  '{% endopenapi-operation %}',
  '',
].join('\n')

test.group('OpenAPI operations on published pages', (group) => {
  group.tap((t) => t.tags(['@openapi', '@sites']))
  eachTestInTransaction(group)

  test('a page shows the operation from the latest version of the specification', async ({
    client,
    assert,
  }) => {
    const admin = await createCaller()
    const api = callAs(client, admin)
    assertAnswer(
      await api.post(`/v1/orgs/${admin.organizationId}/openapi`, {
        slug: 'petstore',
        source: { text: text(PETSTORE_31) },
      }),
      201
    )
    const { base, spaceId, refs } = await publishedSite(client, [page('api', 'API', BLOCK)], {
      admin,
    })
    const reader = new Reader(client)

    const first = await reader.expect(base, 200)
    const html = first.text()
    assert.include(html, '<span class="openapi-method openapi-method-get">GET</span>')
    assert.include(html, '<strong>List pets</strong>')
    assert.include(html, '<td><code>limit</code></td>')
    assert.include(html, '&#x3C;b>bold&#x3C;/b>')
    assert.include(html, '<div class="openapi-missing"><code>POST /x</code>')
    assert.notInclude(html, 'endopenapi-operation')
    const etag = first.header('etag')!
    await reader.expect(base, 304, { 'If-None-Match': etag })

    // A new version shows at once: the page's validator and body follow the latest version.
    const changed = structuredClone(PETSTORE_31)
    changed.paths['/pets'].get.summary = 'Every pet'
    assertAnswer(
      await api.put(`/v1/orgs/${admin.organizationId}/openapi/petstore`, {
        source: { text: text(changed) },
      }),
      200
    )
    const second = await reader.expect(base, 200, { 'If-None-Match': etag })
    assert.include(second.text(), '<strong>Every pet</strong>')
    assert.notEqual(second.header('etag'), etag)

    // The API reads the block as GitBook's openapi-operation block.
    const read = await api.get(`/v1/spaces/${spaceId}/content/page/${refs.api}`)
    assertAnswer(read, 200)
    const document = read.body().document
    validateSchema('JSONDocument', document)
    assert.deepInclude(document.nodes, {
      object: 'block',
      type: 'openapi-operation',
      key: document.nodes[1].key,
      data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'get' },
      isVoid: true,
    })
  })
})
