import { test } from '@japa/runner'
import { buildImportPlan } from '#content/import/import_plan'
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
})
