import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { analyzePage, htmlToMarkdown, pageTitleOf } from '#content/import/html_to_markdown'
import { buildImportPlan } from '#content/import/import_plan'
import type { CrawlResult, InsertPageChange } from '#content/import/types'
import { toMdast, type Options as ToMdastOptions } from 'hast-util-to-mdast'
import type { Root as HastRoot } from 'hast'

const noRefs = { link: () => undefined, image: () => undefined }

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
      '| | |\n| - | - |\n| a\\|b | c |',
      // A merged cell keeps the table's shape: its content first, the cells it covers empty.
      '| | |\n| - | - |\n| merged | |',
      '- One\n  - Nested\n- Two',
      '3. Three',
    ]) {
      assert.include(markdown, written)
    }
  })

  test('nests pages under their nearest imported ancestor, siblings in table-of-contents order', async ({
    assert,
  }) => {
    let n = 0
    const page = (path: string, title = '', tocRank?: number) => ({
      url: `https://example.com${path}`,
      id: `page${String(++n).padStart(16, '0')}`,
      aliases: [],
      title,
      document: `hash-${path}`,
      order: [n],
      ...(tocRank === undefined ? {} : { tocRank }),
    })
    const result: CrawlResult = {
      startUrl: 'https://example.com/docs',
      scope: { origin: 'https://example.com', pathPrefix: '/docs/' },
      pages: [
        page('/docs', 'Home', 3),
        page('/docs/a/b/c'),
        page('/docs/a', '', 2),
        page('/docs/x.html', 'X', 1),
        page('/docs/x/y.html', 'Y'),
        page('/docs/other/deep'),
        page('/docs/a/b/c2', 'C'),
      ],
      images: [],
      failures: [],
      totalResources: 9,
    }
    const plan = await buildImportPlan(result, { refPrefix: 'r' })
    const pages = plan.changes as InsertPageChange[]
    const titleOf = (ref?: string) => pages.find((change) => change.ref === ref)?.title ?? null
    assert.deepEqual(
      pages.map((change) => [change.title, change.slug, titleOf(change.into)]),
      [
        ['Home', 'docs', null],
        ['X', 'x', null],
        ['Y', 'y', 'X'],
        ['A', 'a', null],
        ['C', 'c', 'A'],
        ['C', 'c2', 'A'],
        ['Deep', 'deep', null],
      ]
    )
    assert.deepEqual(pages[0].document, { stored: 'hash-/docs' })
    assert.equal(pages[0].id, result.pages[0].id)
    assert.equal(plan.importedResources, 7)
    assert.equal(plan.totalResources, 9)
  })
})

test.group('Import HTML to markdown: the analysed tree', () => {
  test('converting the tree gives what converting its serialization gives', ({ assert }) => {
    const resolve = {
      link: (url: string) => (url.endsWith('/other') ? '/pages/other' : undefined),
      image: (url: string) => (url.endsWith('.png') ? '/files/figure' : undefined),
    }
    const pages = [
      `<html><body><nav><a href="/x">x</a></nav><main><h1>Title</h1><p>See <a href="/docs/other">other</a>
        <img src="fig.png" alt="f"></p><table><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></table>
        <object type="image/svg+xml" data="d.svg"></object></main></body></html>`,
      // The content element is itself a table (a `.content` table): the queries must find it too.
      `<html><body><table class="content"><tr><th colspan="2">h</th></tr><tr><td>a</td><td><a href="/docs/other">o</a></td></tr></table></body></html>`,
    ]
    for (const html of pages) {
      const fromText = analyzePage(html, 'https://docs.example/docs/page')
      const fromTree = analyzePage(html, 'https://docs.example/docs/page')
      const expected = htmlToMarkdown(fromText.contentHtml, resolve)
      assert.equal(htmlToMarkdown(fromTree.content, resolve), expected)
      assert.include(expected, '/pages/other')
    }
  })
})

test.group('Import HTML to markdown: what real manuals hold', () => {
  const convert = (html: string) =>
    htmlToMarkdown(analyzePage(html, 'https://docs.example/a').contentHtml, noRefs)

  test('code blocks keep the language the page gives, synopses are code', ({ assert }) => {
    const markdown = convert(`<main>
      <div class="highlight-python notranslate"><div class="highlight"><pre><span></span>print(1)</pre></div></div>
      <div class="language-ts highlight"><pre><span></span><code>let x = 1</code></pre></div>
      <pre class="prism-code language-bash"><code>ls -l</code></pre>
      <pre><code data-lang="go">fmt.Println()</code></pre>
      <pre class="programlisting">int main(void);</pre>
      <div class="cmdsynopsis"><p><code class="command">tar</code> [-c] <em>file</em></p></div>
      <div class="funcsynopsis"><p><code>int open(const char *path)</code></p></div>
    </main>`)
    for (const written of [
      '```python\nprint(1)\n```',
      '```ts\nlet x = 1\n```',
      '```bash\nls -l\n```',
      '```go\nfmt.Println()\n```',
      '```\nint main(void);\n```',
      '```\ntar [-c] file\n```',
      '```c\nint open(const char *path)\n```',
    ]) {
      assert.include(markdown, written)
    }
  })

  test('admonitions become GitBook hints; definition lists keep their terms', ({ assert }) => {
    const markdown = convert(`<main>
      <div class="admonition note"><p class="admonition-title">Note</p><p>Sphinx note.</p></div>
      <div class="admonition warning"><p class="admonition-title">Mind the gap</p><p>Careful.</p></div>
      <div class="theme-admonition theme-admonition-tip alert alert--success"><div class="admonitionHeading_x">tip</div><div><p>Docusaurus tip.</p></div></div>
      <div class="danger"><h3 class="title">Danger</h3><p>DocBook?</p></div>
      <div class="note"><h3 class="title">Note</h3><p>DocBook note.</p></div>
      <ul><li>In a list <div class="admonition tip"><p class="admonition-title">Tip</p><p>Nested.</p></div></li></ul>
      <dl><dt>term one</dt><dd>Its meaning.</dd><dt><code>--flag</code></dt><dd><p>First.</p><p>Second.</p></dd></dl>
    </main>`)
    assert.include(markdown, '{% hint style="info" %}\n\nSphinx note.\n\n{% endhint %}')
    assert.include(
      markdown,
      '{% hint style="warning" %}\n\n**Mind the gap**\n\nCareful.\n\n{% endhint %}'
    )
    assert.include(markdown, '{% hint style="success" %}\n\nDocusaurus tip.\n\n{% endhint %}')
    assert.include(
      markdown,
      '{% hint style="info" %}\n\n### Note\n\nDocBook note.\n\n{% endhint %}'
    )
    assert.include(markdown, '  > **Tip**\n  >\n  > Nested.')
    assert.include(markdown, ' **term one**\n\n  Its meaning.')
    assert.include(markdown, ' **`--flag`**\n\n  First.\n\n  Second.')
  })

  test("the site's chrome is left out, figures keep their caption", ({ assert }) => {
    const page = analyzePage(
      `<html><body><header>Site header</header><nav class="md-nav--primary"><a href="/a">A</a><a href="/b">B</a><a href="/c">C</a></nav>
      <main><article><header><h1>Title<a class="headerlink" href="#title">¶</a></h1></header>
      <nav aria-label="breadcrumbs">Home › Guide</nav>
      <p>Body.</p><figure><img src="/fig.svg" alt="Diagram"><figcaption>The flow</figcaption></figure>
      <object type="image/svg+xml" data="/graph.svg"></object>
      <nav class="pagination-nav"><a href="/prev">Previous</a><a href="/next">Next</a></nav>
      <footer class="theme-doc-footer">Edit this page</footer></article></main>
      <footer>Site footer</footer></body></html>`,
      'https://docs.example/a',
      { scope: { origin: 'https://docs.example', pathPrefix: '/' } }
    )
    assert.equal(page.title, 'Title')
    assert.deepEqual(page.images, [
      'https://docs.example/fig.svg',
      'https://docs.example/graph.svg',
    ])
    assert.deepEqual(page.toc, [
      'https://docs.example/a',
      'https://docs.example/b',
      'https://docs.example/c',
    ])
    const markdown = htmlToMarkdown(page.contentHtml, noRefs)
    assert.equal(
      markdown,
      'Body.\n\n![Diagram](https://docs.example/fig.svg)\n\n_The flow_\n\n![](https://docs.example/graph.svg)\n'
    )
  })

  test('element ids map to the heading they belong to', ({ assert }) => {
    const page = analyzePage(
      `<main><h1 id="top">Title</h1><section id="install"><h2>Installing it</h2><p id="para">Text</p>
      <span id="before"></span><h3 id="own">Own id</h3></section><p id="lone">x</p></main>`,
      'https://docs.example/a'
    )
    assert.deepEqual(page.headings, ['Installing it', 'Own id'])
    assert.deepEqual(Object.fromEntries(page.ids), {
      top: -1,
      install: 0,
      para: 0,
      before: 1,
      own: 1,
      lone: 1,
    })
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

test.group('Import HTML to markdown: the libraries as installed', () => {
  test('hast-util-minify-whitespace compiles its element tests once (patches/)', ({ assert }) => {
    // Unpatched, it compiled its list of ~100 block elements into checks on every call, for
    // every node: 60 % of what a page's conversion allocated. `npm ci` applies the patch
    // (postinstall: patch-package); this fails when it did not.
    const minifier = new URL(
      '../../../../node_modules/hast-util-minify-whitespace/lib/index.js',
      import.meta.url
    )
    const source = readFileSync(minifier, 'utf8')
    assert.include(source, 'const isBlock = convertElement(blocks)')
    assert.notInclude(source, 'isElement(node, blocks)')
  })

  test('hast-util-to-mdast spends a tree given with clone: false instead of copying it (patches/)', ({
    assert,
  }) => {
    const tree = (): HastRoot => ({
      type: 'root',
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: {},
          children: [{ type: 'text', value: '  spaced \n  words  ' }],
        },
      ],
    })
    const expected = { type: 'paragraph', children: [{ type: 'text', value: 'spaced words' }] }
    // By default the library minifies a copy: the tree given is left as it was.
    const kept = tree()
    assert.containsSubset(toMdast(kept), { children: [expected] })
    assert.deepEqual(kept, tree())
    // Patched, `clone: false` minifies the tree given in place (the copy cost ~5 % of a page).
    const spent = tree()
    assert.containsSubset(toMdast(spent, { clone: false } as ToMdastOptions), {
      children: [expected],
    })
    assert.notDeepEqual(spent, tree())
  })
})
