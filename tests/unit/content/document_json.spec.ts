import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { markdownToDocument } from '#content/markdown/document'
import { parseMarkdown } from '#content/markdown/parse'
import {
  DOCUMENT_JSON_VERSION,
  convertToJson,
  documentJsonKey,
} from '#content/services/document_json'
import { hashObject } from '#content/services/content_store'
import { pageJsonText } from '#content/serializers/page_body'

const RICH = readFileSync(new URL('./markdown/rich_page.md', import.meta.url), 'utf8')

/** Markdown covering what the converter knows: the rich page, an embedded block, deep nesting. */
const SAMPLES = [
  RICH,
  '{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}\n[Get a pet](https://x.example)\n{% endopenapi-operation %}\n',
  '> '.repeat(300) + 'deep\n',
  '',
]

/**
 * What the converter answers for SAMPLES at each DOCUMENT_JSON_VERSION. Stored JSON documents are
 * addressed by the version: when this test fails because the converter answers differently, raise
 * DOCUMENT_JSON_VERSION (app/content/services/document_json.ts) and record the new digest here.
 */
const DIGESTS: Record<number, string> = {
  1: '4ffe5871374b553ad080ab117b21d8629dbfc449e219197608e64aa2845bd63d',
}

test.group('stored JSON documents', () => {
  test('the converter answers what its version says (raise DOCUMENT_JSON_VERSION on a change)', ({
    assert,
  }) => {
    const digest = createHash('sha256')
      .update(SAMPLES.map((markdown) => convertToJson(markdown)).join('\n'))
      .digest('hex')
    assert.equal(
      digest,
      DIGESTS[DOCUMENT_JSON_VERSION],
      'markdownToDocument answers differently: raise DOCUMENT_JSON_VERSION and record the digest'
    )
  })

  test('a conversion from a given parse is the conversion of the markdown', ({ assert }) => {
    for (const markdown of SAMPLES) {
      assert.equal(convertToJson(markdown, parseMarkdown(markdown)), convertToJson(markdown))
      assert.deepEqual(JSON.parse(convertToJson(markdown)), markdownToDocument(markdown))
    }
  })

  test('addresses derive from the document and the version, apart from other objects', ({
    assert,
  }) => {
    const document = hashObject('document', 'Some text\n')
    assert.equal(
      documentJsonKey(document),
      hashObject('json', `${DOCUMENT_JSON_VERSION}:${document}`)
    )
    assert.notEqual(documentJsonKey(document), documentJsonKey(hashObject('document', 'Other\n')))
    assert.notEqual(documentJsonKey(document), hashObject('links', document))
  })

  test('a page answer with its stored document is the serialized page and document', ({
    assert,
  }) => {
    const page = { id: 'p1', title: 'A "quoted" title', pages: [], variables: {} }
    const documentJson = convertToJson(RICH)
    assert.deepEqual(JSON.parse(pageJsonText(page, { documentJson })), {
      ...page,
      document: JSON.parse(documentJson),
    })
    assert.deepEqual(JSON.parse(pageJsonText(page, { markdown: 'x\n' })), {
      ...page,
      markdown: 'x\n',
    })
    assert.deepEqual(JSON.parse(pageJsonText(page)), page)
    assert.deepEqual(JSON.parse(pageJsonText({}, { documentJson: '{"a":1}' })), {
      document: { a: 1 },
    })
  })

  test('object addresses are the same however long the body (one-shot and streamed hashing)', ({
    assert,
  }) => {
    for (const body of [
      '',
      'short',
      'é'.repeat(40_000),
      'x'.repeat(64 * 1024),
      'y'.repeat(70_000),
    ]) {
      const expected = createHash('sha256').update('json').update('\0').update(body).digest('hex')
      assert.equal(hashObject('json', body), expected)
    }
  })
})
