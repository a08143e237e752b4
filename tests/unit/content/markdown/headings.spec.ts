import { test } from '@japa/runner'
import { anchorOf, headingAnchors, slugify } from '#content/markdown/headings'
import { CPU_BUDGET_MS, cpuMilliseconds, longDocument } from '#tests/helpers/markdown_fixtures'

test.group('headingAnchors', () => {
  test('empty input and a body without headings have none', ({ assert }) => {
    assert.deepEqual(headingAnchors(''), [])
    assert.deepEqual(headingAnchors('Just text.\n'), [])
  })

  test('ids are lowercase, dash separated, without punctuation', ({ assert }) => {
    assert.deepEqual(
      headingAnchors("# Getting Started!\n\n## What's *new* in v2.0?\n\n### `npm install` & co.\n"),
      [
        { id: 'getting-started', title: 'Getting Started!', depth: 1 },
        { id: 'whats-new-in-v20', title: "What's new in v2.0?", depth: 2 },
        { id: 'npm-install-co', title: 'npm install & co.', depth: 3 },
      ]
    )
  })

  test('duplicates are suffixed -1, -2, skipping suffixes already taken', ({ assert }) => {
    const ids = headingAnchors('## Setup\n\n## Setup\n\n## Setup-1\n\n## Setup\n\n## setup\n').map(
      (h) => h.id
    )
    assert.deepEqual(ids, ['setup', 'setup-1', 'setup-1-1', 'setup-2', 'setup-3'])
  })

  test('non-Latin letters are kept', ({ assert }) => {
    assert.deepEqual(
      headingAnchors(
        '## Überblick über Ärger\n\n## 日本語の見出し\n\n## Привет мир\n\n## हिन्दी शीर्षक\n'
      ).map((h) => h.id),
      ['überblick-über-ärger', '日本語の見出し', 'привет-мир', 'हिन्दी-शीर्षक']
    )
  })

  test('headings of every depth and in lists and quotes, setext and CRLF', ({ assert }) => {
    const source =
      'Title\r\n=====\r\n\r\n- ## In a list\r\n\r\n> #### In a quote\r\n\r\n###### Six\r\n'
    assert.deepEqual(headingAnchors(source), [
      { id: 'title', title: 'Title', depth: 1 },
      { id: 'in-a-list', title: 'In a list', depth: 2 },
      { id: 'in-a-quote', title: 'In a quote', depth: 4 },
      { id: 'six', title: 'Six', depth: 6 },
    ])
  })

  test('`#` lines in code fences are not headings', ({ assert }) => {
    assert.deepEqual(headingAnchors('```sh\n# install\n```\n\n    # indented code\n'), [])
  })

  test('a heading of symbols only still gets an id', ({ assert }) => {
    assert.deepEqual(
      headingAnchors('## 🚀\n\n## 🚀\n').map((h) => h.id),
      ['heading', 'heading-1']
    )
    assert.equal(anchorOf('  Spaced   out  '), 'spaced-out')
    assert.equal(anchorOf('snake_case and-dash'), 'snake_case-and-dash')
  })

  test('5,000 lines stay fast', ({ assert }) => {
    const source = longDocument(5000)
    let anchors: ReturnType<typeof headingAnchors> = []
    assert.isBelow(
      cpuMilliseconds(() => (anchors = headingAnchors(source))),
      CPU_BUDGET_MS
    )
    assert.equal(anchors[0].id, 'section-1')
    assert.equal(anchors.length, new Set(anchors.map((a) => a.id)).size)
  }).timeout(30_000)
})

test.group('slugify', () => {
  test('{text} → {slug}')
    .with([
      { text: 'Getting Started', slug: 'getting-started' },
      { text: '  What’s new in v2.0?  ', slug: 'what-s-new-in-v2-0' },
      { text: 'Café crème brûlée', slug: 'cafe-creme-brulee' },
      { text: 'Straße Œuvre Æther Łódź', slug: 'strasse-oeuvre-aether-lodz' },
      { text: 'ÀÉÎÕÜ Ñ Ç', slug: 'aeiou-n-c' },
      { text: '日本語のページ', slug: '日本語のページ' },
      { text: 'Привет, мир', slug: 'привет-мир' },
      { text: 'हिन्दी पृष्ठ', slug: 'हिन्दी-पृष्ठ' },
      { text: '한국어 문서', slug: '한국어-문서' },
      { text: 'snake_case--and   spaces', slug: 'snake-case-and-spaces' },
      { text: '🚀 Launch 🚀', slug: 'launch' },
      { text: '', slug: 'untitled' },
      { text: '!!! ???', slug: 'untitled' },
    ])
    .run(({ assert }, { text, slug }) => {
      assert.equal(slugify(text), slug)
    })

  test('slugs are at most 100 characters and never end with a dash', ({ assert }) => {
    const slug = slugify('word '.repeat(60))
    assert.isAtMost(slug.length, 100)
    assert.isFalse(slug.endsWith('-'))
    assert.isTrue(slug.startsWith('word-word'))
    assert.lengthOf(Array.from(slugify('日'.repeat(150))), 100)
  })
})
