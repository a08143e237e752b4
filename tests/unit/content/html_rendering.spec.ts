import { test } from '@japa/runner'
import {
  answerQuestions,
  renderMarkdownHtml,
  renderQuestions,
  renderWithAnswers,
  type HtmlRenderOptions,
} from '#content/markdown/html'
import { renderPageHtml } from '#content/services/html_rendering'

const PAGE_ID = 'abcdefghijABCDEFGHIJ'
const FILE_ID = 'zyxwvutsrqZYXWVUTSRQ'

/** Options as a reader gives them: some pages and files exist, others do not. */
const OPTIONS: HtmlRenderOptions = {
  pagePath: 'guides/intro',
  pageHasChildren: true,
  pageUrl: ({ pageId, path }) =>
    pageId === PAGE_ID
      ? `/docs/by-id/${pageId}`
      : path === 'guides/setup'
        ? '/docs/setup'
        : undefined,
  fileUrl: (fileId) =>
    fileId === FILE_ID || fileId === 'diagram.png' ? `/cdn/${fileId}` : undefined,
  embedded: {
    key: 'v1',
    render: (block) =>
      block.path === '/pets'
        ? {
            type: 'element',
            tagName: 'div',
            properties: {},
            children: [{ type: 'text', value: 'Pets API' }],
          }
        : undefined,
  },
}

const SAMPLE = [
  '# Intro',
  '',
  `See [by id](/pages/${PAGE_ID}#usage), [by path](./setup.md), [missing](./nowhere.md),`,
  `[a file](/files/${FILE_ID}), [no file](/files/aaaaaaaaaaBBBBBBBBBB) and [out](https://example.com).`,
  '',
  `![img](/files/${FILE_ID}) ![rel](diagram.png) ![gone](missing.png)`,
  '',
  '{% openapi-operation spec="pets" path="/pets" method="get" %}',
  '{% endopenapi-operation %}',
  '',
  '{% openapi-operation spec="pets" path="/owners" method="get" %}',
  '{% endopenapi-operation %}',
  '',
  '[ref]: ./setup.md',
  '',
  'A [reference][ref].',
].join('\n')

test.group('rendering pages as HTML away from the event loop', () => {
  test('questions, then answers as data: the same HTML as with the options', ({ assert }) => {
    const options = { pagePath: OPTIONS.pagePath, pageHasChildren: OPTIONS.pageHasChildren }
    const questions = renderQuestions(SAMPLE, options)
    assert.isNotEmpty(questions.pages)
    assert.isNotEmpty(questions.files)
    assert.lengthOf(questions.blocks, 2)
    // Through structured cloning, as a worker thread gets them.
    const answers = structuredClone(answerQuestions(questions, OPTIONS))
    assert.deepEqual(
      renderWithAnswers(SAMPLE, options, answers),
      renderMarkdownHtml(SAMPLE, OPTIONS)
    )
    assert.include(renderMarkdownHtml(SAMPLE, OPTIONS).html, 'Pets API')
  })

  test('a long page renders in a worker thread to what renders in place', async ({ assert }) => {
    const long = Array.from({ length: 120 }, (_, i) => `## Part ${i}\n\n${SAMPLE}`).join('\n\n')
    assert.isAbove(long.length, 8000)
    assert.deepEqual(await renderPageHtml(long, OPTIONS), renderMarkdownHtml(long, OPTIONS))
  }).timeout(60_000)
})
