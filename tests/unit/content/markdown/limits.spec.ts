import { test } from '@japa/runner'
import { parseMarkdown, assertContentLimits } from '#content/markdown/parse'
import { markdownToDocument } from '#content/markdown/document'
import { renderMarkdownHtml } from '#content/markdown/html'
import { splitSections } from '#content/search/sections'
import { ContentLimitError, scanMarkdown } from '#content/markdown/limits'
import {
  cpuMilliseconds,
  deepQuote,
  emphasisRuns,
  longDocument,
  manyLinks,
  manyReferences,
  nestedBrackets,
  wideTable,
} from '#tests/helpers/markdown_fixtures'

const HOSTILE: [string, string, string][] = [
  ['nested brackets, 40 KB', nestedBrackets(20_000), 'Link/bracket nesting deeper than 32 levels'],
  ['a 2,000-column table', wideTable(2000), 'Tables of more than 256 columns'],
  ['20,000 links', manyLinks(20_000), 'More than 5000 links on a page'],
  ['"> "×1500', deepQuote(1500), 'Blockquote/list nesting deeper than 64 levels'],
  ['"- "×1500', `${'- '.repeat(1500)}x`, 'Blockquote/list nesting deeper than 64 levels'],
  [
    'unmatched emphasis',
    emphasisRuns(8000),
    'Unmatched emphasis markers (* _ ~) over the limit of 200000 lookups',
  ],
  ['6,000 references', manyReferences(6000), 'More than 1000 link definitions on a page'],
]

test.group('Content limits', () => {
  test('the pre-scan names each hostile shape, in a few milliseconds', ({ assert }) => {
    for (const [name, markdown, limit] of HOSTILE) {
      let problem: string | undefined
      const spent = cpuMilliseconds(() => {
        problem = scanMarkdown(markdown)
      })
      assert.equal(problem, limit, name)
      assert.isBelow(spent, 500, name)
    }
  })

  test('real pages pass: a long document, snake_case, emphasis pairs, brackets in code', ({
    assert,
  }) => {
    const pairs = Array.from({ length: 2000 }, (_, i) => `**b${i}** and _i_ ${i}`).join(' ')
    const code = ['```', nestedBrackets(100), emphasisRuns(5000), '```'].join('\n')
    for (const markdown of [
      longDocument(5000),
      pairs,
      code,
      'SOME_LONG_ENV_NAME and other_snake_case_names '.repeat(2000),
      wideTable(256),
      `${'> '.repeat(64)}quoted`,
    ]) {
      assert.isUndefined(scanMarkdown(markdown))
      assert.doesNotThrow(() => assertContentLimits(markdown))
    }
  })

  test('write checks see what only the tree shows: 65 nested lists, reference links', ({
    assert,
  }) => {
    const lists = Array.from({ length: 65 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')
    assert.throws(() => assertContentLimits(lists), ContentLimitError, 'deeper than 64 levels')
    const references =
      Array.from({ length: 5001 }, (_, i) => `[r${i % 900}]`).join('\n\n') +
      '\n\n' +
      Array.from({ length: 900 }, (_, i) => `[r${i}]: ./r.md`).join('\n')
    assert.throws(() => assertContentLimits(references), ContentLimitError)
  })

  test('stored hostile content reads as its source in one code block, fast, never throwing', ({
    assert,
  }) => {
    for (const [name, markdown] of HOSTILE) {
      const spent = cpuMilliseconds(() => {
        const tree = parseMarkdown(markdown)
        assert.deepEqual(
          tree.children.map((node) => node.type),
          ['code'],
          name
        )
        const document = markdownToDocument(markdown)
        assert.equal(document.nodes[0].type, 'code', name)
        renderMarkdownHtml(markdown)
        splitSections(markdown, 'Title')
      })
      assert.isBelow(spent, 3000, name)
    }
  })
})
