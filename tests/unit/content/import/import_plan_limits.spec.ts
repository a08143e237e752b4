import { test } from '@japa/runner'
import { buildImportPlan } from '#content/import/import_plan'
import { analyzePage, htmlToMarkdown } from '#content/import/html_to_markdown'
import type { InsertPageChange } from '#content/import/types'

test.group('Import plan: content limits', () => {
  test('a page over the content limits keeps its place without its content, listed as failed', ({
    assert,
  }) => {
    const start = 'https://docs.example/'
    const deep = `${'<blockquote>'.repeat(100)}deep${'</blockquote>'.repeat(100)}`
    const plan = buildImportPlan(
      {
        startUrl: start,
        scope: { origin: 'https://docs.example', pathPrefix: '/' },
        pages: [
          { url: start, aliases: [], title: 'Home', contentHtml: '<p>Welcome</p>' },
          { url: `${start}deep`, aliases: [], title: 'Deep', contentHtml: deep },
        ],
        images: [],
        totalResources: 2,
        failures: [],
      },
      { refPrefix: 'imp' }
    )
    const pages = plan.changes as InsertPageChange[]
    assert.deepEqual(
      pages.map((change) => [change.title, change.document.markdown.trim()]),
      [
        ['Home', 'Welcome'],
        ['Deep', ''],
      ]
    )
    assert.deepEqual(plan.failures, [
      {
        url: `${start}deep`,
        kind: 'page',
        reason: 'Blockquote/list nesting deeper than 64 levels: its content was left out',
      },
    ])
  })

  test('a page nested deeper than the HTML limit is refused before turndown walks it', ({
    assert,
  }) => {
    const start = 'https://docs.example/'
    const deep = `${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}`
    const plan = buildImportPlan(
      {
        startUrl: start,
        scope: { origin: 'https://docs.example', pathPrefix: '/' },
        pages: [
          { url: start, aliases: [], title: 'Home', contentHtml: '<p>Welcome</p>' },
          { url: `${start}deep`, aliases: [], title: 'Deep', contentHtml: deep },
        ],
        images: [],
        totalResources: 2,
        failures: [],
      },
      { refPrefix: 'imp' }
    )
    assert.deepEqual(plan.failures, [
      {
        url: `${start}deep`,
        kind: 'page',
        reason: 'HTML nested deeper than 256 levels: its content was left out',
      },
    ])
  })

  test('a table of 2,000 columns converts in linear time', ({ assert }) => {
    const cells = (tag: string) => `<tr>${`<${tag}>c</${tag}>`.repeat(2000)}</tr>`
    const html = `<table><thead>${cells('th')}</thead><tbody>${cells('td').repeat(20)}</tbody></table>`
    const started = performance.now()
    const markdown = htmlToMarkdown(html, { pageRef: () => undefined, fileRef: () => undefined })
    // Quadratic was minutes; linear is well under a second even on a loaded machine.
    assert.isBelow(performance.now() - started, 5000)
    assert.equal(markdown.trim().split('\n').length, 22)
  })

  test('a crawled page nested 20,000 levels deep is refused before it is queried', ({ assert }) => {
    const html = `<html><body>${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}</body></html>`
    assert.throws(
      () => analyzePage(html, 'https://docs.example/deep'),
      'HTML nested deeper than 256 levels'
    )
  })
})
