import { test } from '@japa/runner'
import { markdownToDocument } from '#content/markdown/document'
import { documentToMarkdown } from '#content/markdown/from_document'
import { renderMarkdownHtml } from '#content/markdown/html'
import { embeddedRefsIn } from '#content/markdown/embedded_blocks'
import type { PreparedBlocks } from '#content/contracts/embedded_blocks'

const GITBOOK = `# Pets

Intro.

{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}
[OpenAPI petstore](https://example.com/openapi.json)
{% endopenapi-operation %}

After.
`

const CANONICAL = `Intro.

{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}
{% endopenapi-operation %}

After.
`

test.group('Markdown: GitBook openapi-operation blocks', () => {
  test('markdown becomes an openapi-operation block and back without loss', ({ assert }) => {
    const document = markdownToDocument(CANONICAL)
    const block = document.nodes[1]
    assert.equal(block.type, 'openapi-operation')
    assert.isTrue(block.isVoid)
    assert.deepEqual(block.data, {
      ref: { kind: 'openapi', spec: 'petstore' },
      path: '/pets/{petId}',
      method: 'get',
    })
    assert.equal(documentToMarkdown(document), CANONICAL)
    assert.deepEqual(markdownToDocument(documentToMarkdown(document)), document)
  })

  test("GitBook's fallback link is not part of the block", ({ assert }) => {
    const document = markdownToDocument(GITBOOK)
    assert.deepEqual(
      document.nodes.map((node) => node.type),
      ['heading-1', 'paragraph', 'openapi-operation', 'paragraph']
    )
    assert.deepEqual(markdownToDocument(documentToMarkdown(document)), document)
  })

  test('a document naming no operation is refused; nested blocks keep their operation', ({
    assert,
  }) => {
    const bad = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'openapi-operation',
          data: { ref: { kind: 'openapi', spec: 'x" %}<script>' }, path: '/a', method: 'get' },
          isVoid: true,
        },
      ],
    }
    assert.throws(() => documentToMarkdown(bad), /OpenAPI operation/)
    const nested = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'blockquote',
          nodes: [
            {
              object: 'block',
              type: 'openapi-operation',
              data: { ref: { kind: 'openapi', spec: 'x' }, path: '/a', method: 'post' },
              isVoid: true,
            },
          ],
        },
      ],
    }
    assert.equal(documentToMarkdown(nested), '> `POST /a`\n')
  })

  test('the renderer shows what was prepared, else a placeholder', ({ assert }) => {
    const placeholder = renderMarkdownHtml(GITBOOK).html
    assert.include(placeholder, '<div class="openapi-missing"><code>GET /pets/{petId}</code>')
    assert.notInclude(placeholder, 'endopenapi-operation')

    const prepared: PreparedBlocks = {
      key: 'petstore@v1',
      render: (ref) => ({
        type: 'element',
        tagName: 'div',
        properties: { className: ['openapi-operation'], onclick: 'alert(1)' },
        children: [
          { type: 'text', value: `${ref.method} ${ref.path} <b>` },
          { type: 'element', tagName: 'script', properties: {}, children: [] },
        ],
      }),
    }
    const shown = renderMarkdownHtml(GITBOOK, { embedded: prepared }).html
    assert.include(shown, '<div class="openapi-operation">get /pets/{petId} &#x3C;b></div>')
    assert.notInclude(shown, 'onclick')
    assert.notInclude(shown, '<script')
    assert.include(shown, '<p>After.</p>')
  })

  test('the refs a page may show are found by their tags, bounded', ({ assert }) => {
    assert.deepEqual(embeddedRefsIn(GITBOOK), [
      { type: 'openapi-operation', spec: 'petstore', path: '/pets/{petId}', method: 'get' },
    ])
    const many = Array.from(
      { length: 80 },
      (_, i) =>
        `{% openapi-operation spec="s${i}" path="/a" method="GET" %}\n{% endopenapi-operation %}`
    ).join('\n\n')
    const refs = embeddedRefsIn(many)
    assert.lengthOf(refs, 50)
    assert.equal(refs[0].method, 'get')
    assert.deepEqual(
      embeddedRefsIn('{% openapi-operation spec="a b" path="/x" method="get" %}'),
      []
    )
  })
})
