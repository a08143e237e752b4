import { test } from '@japa/runner'
import { analyzePage, htmlToMarkdown, pageTitleOf } from '#content/import/html_to_markdown'
import { buildImportPlan } from '#content/import/import_plan'
import type { CrawlResult, InsertPageChange } from '#content/import/types'

const noRefs = { pageRef: () => undefined, fileRef: () => undefined }

test.group('Import HTML to markdown', () => {
  test('picks the main content, its title, links and images', ({ assert }) => {
    const html = `<html><head><title>Site title</title><base href="https://example.com/base/"></head><body>
      <nav><a href="nav-link">Nav</a></nav>
      <div role="main"><h1> Main   heading </h1><nav>In-page nav</nav><p><a href="rel">rel</a> <a href="javascript:alert(1)">js</a>
      <img src="pic.png" alt="p"><img data-src="/lazy.jpg" alt="l"><img src="data:image/png;base64,xx" alt="d"></p>
      <style>p{}</style></div><footer><a href="/foot">f</a></footer></body></html>`
    const page = analyzePage(html, 'https://example.com/docs/page')
    assert.equal(page.title, 'Main heading')
    assert.deepEqual(page.links, [
      'https://example.com/base/nav-link',
      'https://example.com/base/rel',
      'https://example.com/foot',
    ])
    assert.deepEqual(page.images, [
      'https://example.com/base/pic.png',
      'https://example.com/lazy.jpg',
    ])
    assert.notInclude(page.contentHtml, 'In-page nav')
    assert.notInclude(page.contentHtml, 'p{}')
    assert.notInclude(page.contentHtml, 'javascript:')

    const fallback = analyzePage(
      '<title>Only title</title><body><header>Top</header><p>Body text</p><footer>Bottom</footer></body>',
      'https://example.com/'
    )
    assert.equal(fallback.title, 'Only title')
    assert.include(fallback.contentHtml, 'Body text')
    assert.notInclude(fallback.contentHtml, 'Top')
    assert.notInclude(fallback.contentHtml, 'Bottom')
  })

  test('converts code, tables and nested lists', ({ assert }) => {
    const markdown = htmlToMarkdown(
      `<pre>plain
  code</pre><pre class="lang-py"><code>x = "\`\`\`"</code></pre>
      <table><tr><td>a|b</td><td>c</td></tr></table>
      <table><tr><td colspan="2">merged</td></tr></table>
      <ul><li>One<ul><li>Nested</li></ul></li><li>Two</li></ul><ol start="3"><li>Three</li></ol>`,
      noRefs
    )
    for (const written of [
      '```\nplain\n  code\n```',
      '````py\nx = "```"\n````',
      '|  |  |\n| --- | --- |\n| a\\|b | c |',
      'merged',
      '- One\n  - Nested\n- Two',
      '3. Three',
    ]) {
      assert.include(markdown, written)
    }
    // A cell spanning the row is not a table row of its own.
    assert.notInclude(markdown, '| merged')
  })

  test('nests pages under their nearest imported ancestor', ({ assert }) => {
    const page = (path: string, title = '') => ({
      url: `https://example.com${path}`,
      aliases: [],
      title,
      contentHtml: `<p>${path}</p>`,
    })
    const result: CrawlResult = {
      startUrl: 'https://example.com/docs',
      scope: { origin: 'https://example.com', pathPrefix: '/docs/' },
      pages: [
        page('/docs', 'Home'),
        page('/docs/a/b/c'),
        page('/docs/a'),
        page('/docs/x.html', 'X'),
        page('/docs/x/y.html', 'Y'),
        page('/docs/other/deep'),
        page('/docs/a/b/c2', 'C'),
      ],
      images: [],
      failures: [],
      totalResources: 9,
    }
    const plan = buildImportPlan(result, { refPrefix: 'r' })
    const pages = plan.changes as InsertPageChange[]
    const titleOf = (ref?: string) => pages.find((change) => change.ref === ref)?.title ?? null
    assert.deepEqual(
      pages.map((change) => [change.title, change.slug, titleOf(change.into)]),
      [
        ['Home', 'docs', null],
        ['A', 'a', null],
        ['C', 'c', 'A'],
        ['C', 'c2', 'A'],
        ['X', 'x', null],
        ['Y', 'y', 'X'],
        ['Deep', 'deep', null],
      ]
    )
    assert.equal(plan.importedResources, 7)
    assert.equal(plan.totalResources, 9)
  })
})

test.group('import: page titles from <title>', () => {
  test('{title} → {expected}')
    .with([
      { title: 'Install | Acme Docs', expected: 'Install' },
      { title: 'Install — Acme', expected: 'Install' },
      { title: 'Getting started · Guide · Acme', expected: 'Getting started' },
      { title: 'Client-side rendering', expected: 'Client-side rendering' },
      { title: '| Acme', expected: '| Acme' },
    ])
    .run(({ assert }, { title, expected }) => {
      assert.equal(pageTitleOf(title), expected)
    })
})
