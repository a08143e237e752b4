import { test } from '@japa/runner'
import { toHtml } from 'hast-util-to-html'
import { dereference } from '@scalar/openapi-parser'
import { renderMarkdownHtml } from '#content/markdown/html'
import { listOperations, renderOperation } from '#openapi/services/operation_html'
import { PETSTORE_31, PETSTORE_SWAGGER_20 } from '#tests/helpers/openapi_fixtures'

async function dereferenced(document: object) {
  const { schema } = await dereference(structuredClone(document))
  return schema as Record<string, any>
}

test.group('OpenAPI operation blocks', (group) => {
  group.tap((t) => t.tags(['@openapi']))

  test('an operation shows its method, path, summary, parameters and responses', async ({
    assert,
  }) => {
    const document = await dereferenced(PETSTORE_31)
    const html = toHtml(renderOperation(document, { path: '/pets', method: 'get' })!)
    assert.include(html, '<span class="openapi-method openapi-method-get">GET</span>')
    assert.include(html, '<code>/pets</code>')
    assert.include(html, '<strong>List pets</strong>')
    // Descriptions are text, never HTML.
    assert.include(html, '&#x3C;b>bold&#x3C;/b> &#x26; more')
    assert.include(html, '<td><code>limit</code></td><td>query</td><td>integer (int32)</td>')
    assert.include(html, 'openapi-status-2xx')
    // The cyclic `friend` property is named once the cycle closes, not expanded again.
    assert.include(html, '<span class="openapi-recursive">(recursive)</span>')
    assert.lengthOf(html.match(/<code>friend<\/code>/g) ?? [], 2)
    assert.isBelow(html.length, 200_000)
  })

  test('a request body shows its schema and example', async ({ assert }) => {
    const document = await dereferenced(PETSTORE_31)
    const html = toHtml(renderOperation(document, { path: '/pets', method: 'post' })!)
    assert.include(html, '<h4>Request body</h4>')
    assert.include(html, '<code>application/json</code>')
    assert.include(
      html,
      '<code>name</code> <span class="openapi-type">string</span> <span class="openapi-required">required</span>'
    )
    assert.include(html, '"name": "Rex"')
  })

  test('Swagger 2.0 body parameters and response schemas', async ({ assert }) => {
    const document = await dereferenced(PETSTORE_SWAGGER_20)
    const post = toHtml(renderOperation(document, { path: '/pets', method: 'post' })!)
    assert.include(post, '<h4>Request body</h4>')
    assert.include(post, '<code>name</code>')
    const get = toHtml(renderOperation(document, { path: '/pets', method: 'get' })!)
    assert.include(get, '"id": 0')
  })

  test('unknown operations render nothing; operations are listed', async ({ assert }) => {
    const document = await dereferenced(PETSTORE_31)
    assert.isUndefined(renderOperation(document, { path: '/nope', method: 'get' }))
    assert.isUndefined(renderOperation(document, { path: '/pets', method: 'constructor' }))
    assert.deepEqual(
      listOperations(document).map((o) => `${o.method} ${o.path}`),
      ['get /pets', 'post /pets']
    )
  })

  test('the block survives the renderer’s sanitizer', async ({ assert }) => {
    const document = await dereferenced(PETSTORE_31)
    const { html } = renderMarkdownHtml(
      '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n{% endopenapi-operation %}',
      { embedded: { key: 'k', render: (ref) => renderOperation(document, ref) } }
    )
    assert.include(html, '<div class="openapi-operation"><div class="openapi-heading">')
    assert.include(html, '<span class="openapi-method openapi-method-get">GET</span>')
    assert.include(html, '<table>')
  })
})
