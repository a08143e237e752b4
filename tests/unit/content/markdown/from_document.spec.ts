import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { markdownToDocument } from '#content/markdown/document'
import { documentToMarkdown } from '#content/markdown/from_document'
import { InvalidPageSourceError } from '#content/markdown/front_matter'
import { validateSchema } from '#tests/helpers/contract'
import {
  jsonBlock as block,
  jsonDocument as doc,
  jsonParagraph as paragraph,
  jsonText as text,
  jsonTexts as texts,
} from '#tests/helpers/fixtures_content'

const RICH = readFileSync(new URL('./rich_page.md', import.meta.url), 'utf8')

/** A document without node keys and with marks in a fixed order: what must survive a round trip. */
function normalized(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalized)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(value)) {
      if (key === 'key') continue
      if (key === 'marks' && Array.isArray(child)) {
        out.marks = child.map((m: any) => m.type).sort()
        continue
      }
      out[key] = normalized(child)
    }
    return out
  }
  return value
}

/** Tables refer to their fragments and columns by key: compare them by content instead. */
function tablesByContent(value: any): any {
  if (Array.isArray(value)) return value.map(tablesByContent)
  if (!value || typeof value !== 'object') return value
  if (value.type === 'table' && value.data?.view) {
    const fragments = new Map<string, any>(
      (value.fragments ?? []).map((f: any) => [f.fragment, f.nodes])
    )
    const columns: string[] = value.data.view.columns
    return {
      type: 'table',
      columns: columns.map((c) => [
        value.data.definition[c].title,
        value.data.definition[c].textAlignment,
      ]),
      rows: Object.values(value.data.records)
        .sort((a: any, b: any) => a.orderIndex.localeCompare(b.orderIndex))
        .map((r: any) => columns.map((c) => normalized(fragments.get(r.values[c])))),
    }
  }
  const out: any = {}
  for (const [key, child] of Object.entries(value)) out[key] = tablesByContent(child)
  return out
}

function roundTrips(assert: any, markdown: string) {
  const document = markdownToDocument(markdown)
  const written = documentToMarkdown(document)
  assert.deepEqual(
    tablesByContent(normalized(markdownToDocument(written))),
    tablesByContent(normalized(document)),
    `markdown written:\n${written}`
  )
  return written
}

test.group('documentToMarkdown: round trips through markdownToDocument', () => {
  test('the rich fixture', ({ assert }) => {
    roundTrips(assert, RICH)
  })

  for (const [name, markdown] of [
    ['marks', 'a **b** *c* `d` ~~e~~ ***f*** **g *h* i** `` a`b `` end\n'],
    ['adjacent marks', '**a*b*** and ~~**x**~~y\n'],
    [
      'links of every kind',
      '[a](/pages/abcdefghijABCDEFGHIJ) [b](/pages/abcdefghijABCDEFGHIJ#setup) [c](#local) [d](/files/FILEID) [e](https://x.example/a_(b)) [f **g**](https://x.example?a=1&b=2)\n',
    ],
    ['headings', '# One\n\n## Two *it*\n\n### Three `code`\n\n#### Four\n\n## C#\n'],
    [
      'nested lists',
      '- a\n  - b\n    1. c\n    2. d\n- e\n\n3. x\n4. y\n\n- [x] done\n- [ ] todo\n',
    ],
    ['adjacent lists', '- a\n- b\n\n* c\n\n1. one\n\n1) two\n'],
    [
      'code blocks',
      '```js title="x.js"\nconst a = `b`\n\n```\n\n````md\n```\ninner\n```\n````\n\n```\n```\n',
    ],
    [
      'quotes and hints',
      '> a\n>\n> > b\n\n{% hint style="danger" %}\nHint **text**\n\n- item\n{% endhint %}\n\n{% hint style="success" %}\n{% endhint %}\n',
    ],
    [
      'images',
      '![a](/files/F1 "cap") ![b](https://img.example/x.png)\n\nText ![inline](https://img.example/y.png "t") after.\n',
    ],
    [
      'tables',
      '| A | B | C |\n| :-- | :-: | --: |\n| **1** | [l](https://l.example) | `c` |\n| x \\| y | | z |\n',
    ],
    ['hard breaks', 'one\\\ntwo  \nthree\n'],
    [
      'escapes',
      '\\# not a heading\n\n\\- not a list\n\n1\\. not ordered\n\n\\> not a quote\n\nstar \\* under \\_ bracket \\[x\\](y) tick \\` pipe \\| tilde \\~ lt \\< amp &amp;amp; brace \\{% hint %}\n\n\\+ plus\n\ntext\\\n\\# after break\n',
    ],
    ['dividers and html', 'a\n\n---\n\n<div>x</div>\n\nb\n'],
    ['autolinks', 'see https://x.example/a_b, <https://y.example> and a@b.co\n'],
    ['destinations with spaces and titles', '[x](<a b>) [y](u?a=1&b=2) ![z](<q r> "t \\"q\\"")\n'],
  ]) {
    test(name, ({ assert }) => {
      roundTrips(assert, markdown)
    })
  }
})

test.group('documentToMarkdown: GitBook documents', () => {
  test("GitBook's documented JSONDocument example", ({ assert }) => {
    // @gitbook/api's JSONDocument `example`, verbatim.
    const example = doc({
      object: 'block',
      type: 'paragraph',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Hello world', marks: [] }] }],
    })
    validateSchema('JSONDocument', example)
    assert.equal(documentToMarkdown(example), 'Hello world\n')
  })

  test('a hand-written document of every supported block', ({ assert }) => {
    const document = doc(
      { object: 'block', type: 'heading-1', data: {}, nodes: [text('Guide')] },
      paragraph(
        text('See '),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'page', page: 'PAGE1' } },
          nodes: [text('the page')],
        },
        text(', '),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'anchor', page: 'PAGE1', anchor: 'setup' } },
          nodes: [text('setup')],
        },
        text(', '),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'file', file: 'FILE1' } },
          nodes: [text('file', 'bold')],
        },
        text(' and '),
        {
          object: 'inline',
          type: 'link',
          data: { ref: { kind: 'url', url: 'https://x.example' } },
          nodes: [text('x')],
        },
        text('.')
      ),
      {
        object: 'block',
        type: 'list-unordered',
        data: {},
        nodes: [
          { object: 'block', type: 'list-item', data: {}, nodes: [paragraph(text('one'))] },
          {
            object: 'block',
            type: 'list-item',
            data: {},
            nodes: [
              paragraph(text('two')),
              {
                object: 'block',
                type: 'list-ordered',
                data: { start: 3 },
                nodes: [
                  {
                    object: 'block',
                    type: 'list-item',
                    data: {},
                    nodes: [paragraph(text('three'))],
                  },
                ],
              },
            ],
          },
        ],
      },
      block('list-tasks', [block('list-item', [paragraph(text('done'))], { checked: true })]),
      {
        object: 'block',
        type: 'code',
        data: { syntax: 'bash' },
        nodes: [
          { object: 'block', type: 'code-line', data: {}, nodes: [text('ls -la')] },
          { object: 'block', type: 'code-line', data: {}, nodes: [text('echo `x`')] },
        ],
      },
      { object: 'block', type: 'blockquote', data: {}, nodes: [paragraph(text('quoted'))] },
      {
        object: 'block',
        type: 'hint',
        data: { style: 'warning' },
        nodes: [paragraph(text('careful'))],
      },
      {
        object: 'block',
        type: 'images',
        data: {},
        isVoid: false,
        nodes: [
          {
            object: 'block',
            type: 'image',
            isVoid: true,
            data: { ref: { kind: 'file', file: 'IMG1' }, alt: 'diagram' },
            fragments: [
              { object: 'fragment', fragment: 'caption', nodes: [paragraph(text('The diagram'))] },
            ],
          },
        ],
      },
      { object: 'block', type: 'divider', data: {}, isVoid: true },
      {
        object: 'block',
        type: 'table',
        isVoid: true,
        data: {
          view: { type: 'grid', columns: ['c1', 'c2'], hideHeader: false },
          definition: {
            c1: { id: 'c1', type: 'text', title: 'Name', textAlignment: 'left' },
            c2: { id: 'c2', type: 'text', title: 'Value', textAlignment: 'right' },
          },
          records: {
            r2: { orderIndex: 'a1', values: { c1: 'f3', c2: 'f4' } },
            r1: { orderIndex: 'a0', values: { c1: 'f1', c2: 'f2' } },
          },
        },
        fragments: [
          { object: 'fragment', fragment: 'f1', nodes: [paragraph(text('a | b'))] },
          { object: 'fragment', fragment: 'f2', nodes: [paragraph(text('1', 'bold'))] },
          { object: 'fragment', fragment: 'f3', nodes: [paragraph(text('c'))] },
          { object: 'fragment', fragment: 'f4', nodes: [paragraph(text('2'))] },
        ],
      }
    )
    validateSchema('JSONDocument', document)
    const markdown = documentToMarkdown(document)
    assert.equal(
      markdown,
      [
        '# Guide',
        'See [the page](/pages/PAGE1), [setup](/pages/PAGE1#setup), [**file**](/files/FILE1) and [x](https://x.example).',
        '- one\n- two\n\n  3. three',
        '* [x] done', // a bullet list right after another: its own marker keeps it apart
        '```bash\nls -la\necho `x`\n```',
        '> quoted',
        '{% hint style="warning" %}\n\ncareful\n\n{% endhint %}',
        '![diagram](/files/IMG1 "The diagram")',
        '---',
        '| Name | Value |\n| :- | -: |\n| a \\| b | **1** |\n| c | 2 |',
      ].join('\n\n') + '\n'
    )
    // Read back, it is the same document (in Bindery's normal form).
    const back = markdownToDocument(markdown)
    validateSchema('JSONDocument', back)
    assert.equal(texts(back), texts(document))
    assert.deepEqual(
      back.nodes.map((n) => n.type),
      [
        'heading-1',
        'paragraph',
        'list-unordered',
        'list-tasks',
        'code',
        'blockquote',
        'hint',
        'images',
        'divider',
        'table',
      ]
    )
  })

  test('escaping: text reads back as the same text', ({ assert }) => {
    for (const value of [
      '# not a heading',
      '*not italic* and _not either_',
      '[not](a link) ![nor](an image)',
      'a `tick` here',
      '> not a quote',
      '- not a list',
      '+ nor this',
      '12. not ordered',
      '3) nor this',
      '---',
      '===',
      'back\\slash',
      'a <b>tag</b> &amp; entity',
      '~~not struck~~',
      '{% hint style="info" %}',
      '    indented',
      'C#',
      'a | b\n:-: | :-:',
      'line\n  after a break\n',
    ]) {
      const markdown = documentToMarkdown(doc(paragraph(text(value))))
      const back = markdownToDocument(markdown)
      // Whitespace at the start and end of lines is not kept; a newline is a hard break.
      const kept = value
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .trim()
      assert.equal(texts(back), kept, `${value} -> ${markdown}`)
      assert.deepEqual(
        back.nodes.map((n) => n.type),
        ['paragraph'],
        `${value} -> ${markdown}`
      )
      assert.isTrue(
        JSON.stringify(back).includes('"marks":[]') &&
          !JSON.stringify(back).includes('"object":"inline"'),
        `${value} has no marks nor inlines`
      )
    }
    // Marks with escapable text and whitespace at their edges.
    const marked = doc(
      paragraph({
        object: 'text',
        leaves: [
          { object: 'leaf', text: 'a', marks: [] },
          { object: 'leaf', text: ' *b* ', marks: [{ object: 'mark', type: 'bold' }] },
          { object: 'leaf', text: 'c', marks: [] },
          { object: 'leaf', text: 'x``y', marks: [{ object: 'mark', type: 'code' }] },
        ],
      })
    )
    const back = markdownToDocument(documentToMarkdown(marked))
    assert.equal(texts(back), 'a *b* cx``y')
    const leaves = (back.nodes[0].nodes![0] as any).leaves
    assert.deepEqual(
      leaves.map((l: any) => [l.text, l.marks.map((m: any) => m.type)]),
      [
        ['a ', []],
        ['*b*', ['bold']],
        [' c', []],
        ['x``y', ['code']],
      ]
    )
  })

  test('marks read back on the same text, whatever their neighbours', ({ assert }) => {
    const leaves = (...pairs: [string, string[]][]) =>
      doc(
        paragraph({
          object: 'text',
          leaves: pairs.map(([value, marks]) => ({
            object: 'leaf',
            text: value,
            marks: marks.map((type) => ({ object: 'mark', type })),
          })),
        })
      )
    for (const pairs of [
      [
        ['Note:', ['bold']],
        ['text', []],
      ],
      [
        ['a', []],
        [' ', ['italic']],
        ['d', []],
      ],
      [
        ['a', ['bold']],
        ['b', ['bold', 'italic']],
      ],
      [
        ['x', ['strikethrough', 'bold']],
        ['y', []],
      ],
    ] as [string, string[]][][]) {
      const markdown = documentToMarkdown(leaves(...pairs))
      const back = (markdownToDocument(markdown).nodes[0].nodes![0] as any).leaves
      const expected = pairs.filter(([value]) => value.trim() !== '')
      assert.deepEqual(
        back
          .filter((l: any) => l.marks.length > 0)
          .map((l: any) => [l.text, l.marks.map((m: any) => m.type).sort()]),
        expected.filter(([, marks]) => marks.length > 0).map(([v, marks]) => [v, marks.sort()]),
        markdown
      )
      assert.equal(back.map((l: any) => l.text).join(''), pairs.map(([v]) => v).join(''))
    }
  })

  test('bare URLs and e-mail addresses are written as they are', ({ assert }) => {
    assert.equal(
      documentToMarkdown(
        doc(paragraph(text('see https://x.example/a_b, www.x.example and a@b.co')))
      ),
      'see https://x.example/a_b, www.x.example and a@b.co\n'
    )
  })

  test('a task item without a first paragraph keeps its checkbox', ({ assert }) => {
    const markdown = documentToMarkdown(
      doc(
        block('list-tasks', [
          // A code block first: no paragraph to carry the checkbox.
          block('list-item', [block('code', [block('code-line', [text('x')])])], { checked: true }),
        ])
      )
    )
    const list = markdownToDocument(markdown).nodes[0] as any
    assert.equal(list.type, 'list-tasks', markdown)
    assert.isTrue(list.nodes[0].data.checked)
    assert.equal(list.nodes[0].nodes.at(-1).type, 'code')
  })

  test('escaping in headings and tables', ({ assert }) => {
    const heading = documentToMarkdown(
      doc({ object: 'block', type: 'heading-2', data: {}, nodes: [text('Use * and # and [x] #')] })
    )
    assert.equal(texts(markdownToDocument(heading)), 'Use * and # and [x] #')
    const table = markdownToDocument('| A |\n| --- |\n| x |\n') as any
    table.nodes[0].fragments[0].nodes[0].nodes[0].leaves[0].text = 'a | b `c`'
    const back = markdownToDocument(documentToMarkdown(table)) as any
    assert.equal(back.nodes[0].type, 'table')
    assert.equal(texts(back.nodes[0].fragments), 'a | b `c`')
  })

  test('blocks markdown cannot express keep their text and links', ({ assert }) => {
    const markdown = documentToMarkdown(
      doc(
        { object: 'block', type: 'embed', data: { url: 'https://video.example/1' }, isVoid: true },
        {
          object: 'block',
          type: 'file',
          data: { ref: { kind: 'file', file: 'F9' } },
          isVoid: true,
        },
        {
          object: 'block',
          type: 'expandable',
          data: {},
          isVoid: true,
          fragments: [
            { object: 'fragment', fragment: 'title', nodes: [paragraph(text('More'))] },
            { object: 'fragment', fragment: 'body', nodes: [paragraph(text('Hidden text'))] },
          ],
        },
        paragraph(
          text('smile '),
          { object: 'inline', type: 'emoji', data: { code: '1f600' }, isVoid: true },
          text('')
        ),
        {
          object: 'block',
          type: 'list-unordered',
          data: {},
          nodes: [
            {
              object: 'block',
              type: 'list-item',
              data: {},
              nodes: [
                {
                  object: 'block',
                  type: 'hint',
                  data: { style: 'info' },
                  nodes: [paragraph(text('nested hint'))],
                },
              ],
            },
          ],
        }
      )
    )
    assert.include(markdown, '[https://video.example/1](https://video.example/1)')
    assert.include(markdown, '[/files/F9](/files/F9)')
    assert.include(markdown, 'More')
    assert.include(markdown, 'Hidden text')
    assert.include(markdown, 'smile 😀')
    assert.include(markdown, '- nested hint')
  })

  test('invalid documents throw InvalidPageSourceError naming the problem', ({ assert }) => {
    const cases: [unknown, RegExp][] = [
      ['text', /document must be a JSON object/],
      [{ object: 'page', nodes: [] }, /document\.object must be "document"/],
      [{ object: 'document', nodes: 'x' }, /document\.nodes must be an array/],
      [doc(42), /document\.nodes\[0\] must be an object/],
      [doc({ object: 'block' }), /document\.nodes\[0\]\.type must be a string/],
      [doc({ object: 'thing', type: 'paragraph' }), /document\.nodes\[0\]\.object must be "block"/],
      [
        doc(paragraph({ object: 'text', leaves: [{ object: 'leaf', text: 3 }] })),
        /nodes\[0\]\.leaves\[0\]\.text must be a string/,
      ],
      [doc(paragraph({ object: 'text' })), /leaves must be an array/],
      [
        doc({ object: 'block', type: 'integration', data: {}, isVoid: true }),
        /"integration" block, which carries no text/,
      ],
      [
        doc({
          object: 'block',
          type: 'images',
          data: {},
          nodes: [{ object: 'block', type: 'image', data: {} }],
        }),
        /data\.ref must be a url or file reference/,
      ],
    ]
    let deep: any = paragraph(text('x'))
    for (let i = 0; i < 300; i++)
      deep = { object: 'block', type: 'blockquote', data: {}, nodes: [deep] }
    cases.push([doc(deep), /document nests deeper than 256 levels/])
    cases.push([doc(paragraph(text('x'.repeat(1_000_001)))), /document is too large/])
    const manyParagraphs = Array.from({ length: 20_000 }, () => paragraph(text('x')))
    cases.push([{ object: 'document', nodes: manyParagraphs }, /document is too large/])
    for (const [input, message] of cases) {
      assert.throws(() => documentToMarkdown(input), InvalidPageSourceError as any)
      assert.throws(() => documentToMarkdown(input), message)
    }
  })
})
