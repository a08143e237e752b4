import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { readFileSync } from 'node:fs'
import {
  markdownToDocument,
  type DocumentBlock,
  type JsonDocument,
} from '#content/markdown/document'
import { validateSchema } from '#tests/helpers/contract'
import { CPU_BUDGET_MS, cpuMilliseconds, longDocument } from '#tests/helpers/markdown_fixtures'

const RICH = readFileSync(new URL('./rich_page.md', import.meta.url), 'utf8')

/** Every node's key, for the uniqueness check. */
function keys(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => keys(item, into))
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>
    if (typeof record.key === 'string') into.push(record.key)
    for (const child of Object.values(record)) keys(child, into)
  }
  return into
}

/** A compact outline: `type` per block, nested, with the plain text of text nodes. */
function outline(nodes: any[]): any[] {
  return nodes.map((node) => {
    if (node.object === 'text') return node.leaves.map((l: any) => l.text).join('')
    const label = node.type
    return node.nodes ? { [label]: outline(node.nodes) } : label
  })
}

/**
 * Converts `markdown`, checks that the document's outline is `expected` and that it is a valid
 * GitBook JSONDocument, and returns it.
 */
function convertsTo(assert: Assert, markdown: string, expected: unknown[]) {
  const document = markdownToDocument(markdown)
  assert.deepEqual(outline(document.nodes), expected)
  validateSchema('JSONDocument', document)
  return document
}

function only(document: JsonDocument): DocumentBlock {
  return document.nodes[0]
}

test.group('markdownToDocument', () => {
  test('the rich fixture validates against @gitbook/api JSONDocument', ({ assert }) => {
    const document = markdownToDocument(RICH)
    validateSchema('JSONDocument', document)
    const all = keys(document)
    assert.isAbove(all.length, 100)
    assert.equal(new Set(all).size, all.length, 'keys are unique')
    const types = new Set<string>()
    JSON.stringify(document, (key, value) => {
      if (key === 'type' && typeof value === 'string') types.add(value)
      return value
    })
    for (const type of [
      'paragraph',
      'heading-1',
      'heading-2',
      'heading-3',
      'list-ordered',
      'list-unordered',
      'list-tasks',
      'list-item',
      'code',
      'code-line',
      'blockquote',
      'hint',
      'images',
      'image',
      'inline-image',
      'link',
      'table',
      'divider',
      'bold',
      'italic',
      'code',
      'strikethrough',
    ]) {
      assert.isTrue(types.has(type), `has ${type}`)
    }
  })

  test('the schema check catches a block where GitBook admits none', ({ assert }) => {
    const document = markdownToDocument('> quote\n') as any
    document.nodes[0].nodes.push({
      object: 'block',
      type: 'code',
      key: 'x',
      data: {},
      nodes: [],
      isVoid: false,
    })
    assert.throws(() => validateSchema('JSONDocument', document), /does not match JSONDocument/)
  })

  test('the same markdown gives the same document', ({ assert }) => {
    assert.deepEqual(markdownToDocument(RICH), markdownToDocument(RICH))
  })

  test('empty input is an empty document', ({ assert }) => {
    const document = markdownToDocument('')
    assert.deepEqual(document, { object: 'document', data: {}, nodes: [] })
    validateSchema('JSONDocument', document)
  })

  test('marks on text leaves', ({ assert }) => {
    const paragraph = only(markdownToDocument('a **b** *c* `d` ~~e~~ ***f***\n'))
    assert.deepEqual(paragraph.nodes, [
      {
        object: 'text',
        key: paragraph.nodes![0].key,
        leaves: [
          { object: 'leaf', text: 'a ', marks: [] },
          { object: 'leaf', text: 'b', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'c', marks: [{ object: 'mark', type: 'italic' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'd', marks: [{ object: 'mark', type: 'code' }] },
          { object: 'leaf', text: ' ', marks: [] },
          { object: 'leaf', text: 'e', marks: [{ object: 'mark', type: 'strikethrough' }] },
          { object: 'leaf', text: ' ', marks: [] },
          {
            object: 'leaf',
            text: 'f',
            marks: [
              { object: 'mark', type: 'italic' },
              { object: 'mark', type: 'bold' },
            ],
          },
        ],
      },
    ] as any)
  })

  test('link references by kind', ({ assert }) => {
    const paragraph = only(
      markdownToDocument(
        '[a](/pages/abcdefghijABCDEFGHIJ) [b](/pages/abcdefghijABCDEFGHIJ#setup) [c](#local) [d](/files/FILEID) [e](https://x.example) [f](./other.md) [g][r]\n\n[r]: https://ref.example\n'
      )
    )
    const refs = paragraph.nodes!.filter((n: any) => n.type === 'link').map((n: any) => n.data.ref)
    assert.deepEqual(refs, [
      { kind: 'page', page: 'abcdefghijABCDEFGHIJ' },
      { kind: 'anchor', anchor: 'setup', page: 'abcdefghijABCDEFGHIJ' },
      { kind: 'anchor', anchor: 'local' },
      { kind: 'file', file: 'FILEID' },
      { kind: 'url', url: 'https://x.example' },
      { kind: 'url', url: './other.md' },
      { kind: 'url', url: 'https://ref.example' },
    ])
    // Slate's normal form: text nodes around every inline.
    assert.deepEqual(
      paragraph.nodes!.map((n: any) => n.object),
      // The seven links, each between two text nodes.
      [...Array.from({ length: 7 }, () => ['text', 'inline']).flat(), 'text']
    )
  })

  test('resolveLink and resolveFile options', ({ assert }) => {
    const document = markdownToDocument('[a](./guide.md) [b](/files/GONE) ![c](./pic.png)\n', {
      resolveLink: (url, kind) =>
        url === './guide.md'
          ? { kind: 'page', page: 'GUIDE' }
          : kind === 'image'
            ? { kind: 'file', file: 'PIC' }
            : undefined,
      resolveFile: (id) => id !== 'GONE',
    })
    const inlines = only(document).nodes!.filter((n: any) => n.object === 'inline') as any[]
    assert.deepEqual(
      inlines.map((n) => n.data.ref),
      [
        { kind: 'page', page: 'GUIDE' },
        { kind: 'url', url: '/files/GONE' },
        { kind: 'file', file: 'PIC' },
      ]
    )
    validateSchema('JSONDocument', document)
  })

  test('headings 1-3 with anchor ids, deeper ones as heading-3', ({ assert }) => {
    const document = markdownToDocument(
      '# One\n\n## Two\n\n### Three\n\n#### Four\n\n## Two\n\n## 日本語\n'
    )
    assert.deepEqual(
      document.nodes.map((n) => [n.type, n.data.id, n.meta?.id]),
      [
        ['heading-1', 'one', 'one'],
        ['heading-2', 'two', 'two'],
        ['heading-3', 'three', 'three'],
        ['heading-3', 'four', 'four'],
        ['heading-2', 'two-1', 'two-1'],
        // GitBook's data.id admits [-a-z0-9.+_] only; the anchor stays in meta.
        ['heading-2', undefined, '日本語'],
      ]
    )
    validateSchema('JSONDocument', document)
  })

  test('nested, ordered and task lists', ({ assert }) => {
    const document = convertsTo(
      assert,
      '- a\n  - b\n    1. c\n\n5. five\n6. six\n\n- [x] done\n- [ ] todo\n\n*\n',
      [
        {
          'list-unordered': [
            {
              'list-item': [
                { paragraph: ['a'] },
                {
                  'list-unordered': [
                    {
                      'list-item': [
                        { paragraph: ['b'] },
                        { 'list-ordered': [{ 'list-item': [{ paragraph: ['c'] }] }] },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          'list-ordered': [
            { 'list-item': [{ paragraph: ['five'] }] },
            { 'list-item': [{ paragraph: ['six'] }] },
          ],
        },
        {
          'list-tasks': [
            { 'list-item': [{ paragraph: ['done'] }] },
            { 'list-item': [{ paragraph: ['todo'] }] },
          ],
        },
        { 'list-unordered': [{ 'list-item': [{ paragraph: [''] }] }] },
      ]
    )
    assert.deepEqual(document.nodes[1].data, { start: 5 })
    assert.deepEqual(
      (document.nodes[2].nodes as DocumentBlock[]).map((item) => item.data),
      [{ checked: true }, { checked: false }]
    )
  })

  test('code blocks keep their lines, syntax and title; link-like text stays text', ({
    assert,
  }) => {
    const code = only(
      markdownToDocument('```ts title="app.ts"\nconst a = "[x](y)"\n\n  indented\n```\n')
    )
    assert.deepEqual(code.data, { syntax: 'ts', title: 'app.ts' })
    assert.deepEqual(outline(code.nodes!), [
      { 'code-line': ['const a = "[x](y)"'] },
      { 'code-line': [''] },
      { 'code-line': ['  indented'] },
    ])
    assert.deepEqual(only(markdownToDocument('```\n```\n')).nodes!.length, 1)
  })

  test('{name}')
    .with([
      {
        name: 'blockquotes flatten what GitBook does not admit in them',
        markdown: '> text\n>\n> > nested\n>\n> ```\n> code\n> ```\n>\n> | a |\n> | - |\n> | 1 |\n',
        outline: [
          {
            blockquote: [
              { paragraph: ['text'] },
              { blockquote: [{ paragraph: ['nested'] }] },
              { paragraph: ['code'] },
              { paragraph: ['a'] },
              { paragraph: ['1'] },
            ],
          },
        ],
      },
      {
        name: 'dividers, raw HTML and footnotes',
        markdown: '---\n\n<div>html</div>\n\nNote[^1].\n\n[^1]: The note.\n',
        outline: [
          'divider',
          { paragraph: ['<div>html</div>'] },
          { paragraph: ['Note[^1].'] },
          { paragraph: ['The note.'] },
        ],
      },
    ])
    .run(({ assert }, row) => {
      convertsTo(assert, row.markdown, row.outline)
    })

  test('GitBook hints, in one paragraph or spanning blocks', ({ assert }) => {
    const document = convertsTo(
      assert,
      '{% hint style="info" %}\nOne line.\n{% endhint %}\n\n{% hint style="danger" %}\n\nFirst **block**.\n\n```\ncode\n```\n\n{% endhint %}\n\n{% hint style="unknown" %}\nStays text.\n{% endhint %}\n\n{% hint style="success" %}\nNever closed.\n',
      [
        { hint: [{ paragraph: ['One line.'] }] },
        { hint: [{ paragraph: ['First block.'] }, { paragraph: ['code'] }] },
        { paragraph: ['{% hint style="unknown" %}\nStays text.\n{% endhint %}'] },
        { paragraph: ['{% hint style="success" %}\nNever closed.'] },
      ]
    )
    assert.deepEqual(
      document.nodes.slice(0, 2).map((n) => n.data),
      [{ style: 'info' }, { style: 'danger' }]
    )
  })

  test('a paragraph of images is an images block; other images are inline', ({ assert }) => {
    const document = markdownToDocument(
      '![one](/files/F1 "Caption") ![two](https://img.example/2.png)\n\nText ![three](3.png)\n\n- ![four](4.png)\n'
    )
    const [images, paragraph, list] = document.nodes as any[]
    assert.equal(images.type, 'images')
    assert.deepEqual(
      images.nodes.map((n: any) => n.data),
      [
        { ref: { kind: 'file', file: 'F1' }, alt: 'one' },
        { ref: { kind: 'url', url: 'https://img.example/2.png' }, alt: 'two' },
      ]
    )
    assert.deepEqual(outline(images.nodes[0].fragments[0].nodes), [{ paragraph: ['Caption'] }])
    assert.equal(images.nodes[0].fragments[0].fragment, 'caption')
    assert.equal(paragraph.nodes[1].type, 'inline-image')
    assert.equal(list.nodes[0].nodes[0].nodes[1].type, 'inline-image')
    validateSchema('JSONDocument', document)
  })

  test('tables: text columns from the header, one record per row, cells as fragments', ({
    assert,
  }) => {
    const table = only(
      markdownToDocument('| Name | Value |\n| :-: | --: |\n| a | **1** |\n| b |\n')
    ) as any
    assert.equal(table.type, 'table')
    const columns: string[] = table.data.view.columns
    assert.deepEqual(
      columns.map((id) => [
        table.data.definition[id].title,
        table.data.definition[id].textAlignment,
      ]),
      [
        ['Name', 'center'],
        ['Value', 'right'],
      ]
    )
    const records = Object.values(table.data.records) as any[]
    assert.deepEqual(
      records.map((r) => r.orderIndex),
      ['a000000', 'a000001']
    )
    const cell = (record: any, column: number) =>
      outline(table.fragments.find((f: any) => f.fragment === record.values[columns[column]]).nodes)
    assert.deepEqual(cell(records[0], 1), [{ paragraph: ['1'] }])
    assert.deepEqual(cell(records[1], 1), [{ paragraph: [''] }])
  })

  test('CRLF line endings and unicode', ({ assert }) => {
    const document = convertsTo(
      assert,
      '## Überblick 📘\r\n\r\nZeile eins\r\nZeile zwei\r\n\r\n```\r\na\r\nb\r\n```\r\n',
      [
        { 'heading-2': ['Überblick 📘'] },
        { paragraph: ['Zeile eins\nZeile zwei'] },
        { code: [{ 'code-line': ['a'] }, { 'code-line': ['b'] }] },
      ]
    )
    assert.equal(document.nodes[0].meta?.id, 'überblick')
  })

  test('5,000 lines stay fast and valid', ({ assert }) => {
    const source = longDocument(5000)
    let document: JsonDocument | undefined
    assert.isBelow(
      cpuMilliseconds(() => (document = markdownToDocument(source))),
      CPU_BUDGET_MS
    )
    // Validating 5,000 lines against the schema's oneOfs takes long: a slice of the same mix stands in.
    validateSchema('JSONDocument', markdownToDocument(longDocument(200)))
    const all = keys(document)
    assert.equal(new Set(all).size, all.length)
  }).timeout(30_000)
})
