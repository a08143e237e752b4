import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { parse as parseHtml } from 'node-html-parser'
import { renderMarkdownHtml, type HtmlRenderOptions } from '#content/markdown/html'
import { headingAnchors } from '#content/markdown/headings'
import { longDocument } from '#tests/helpers/markdown_fixtures'

const PAGE_ID = 'abcdefghijABCDEFGHIJ'

/** Callbacks as a site gives them: pages under /docs/, files under /files-cdn/. */
const SITE: HtmlRenderOptions = {
  pagePath: 'guides/intro',
  pageUrl: ({ pageId, path }) => (pageId ? `/docs/by-id/${pageId}` : `/docs/${path}`),
  fileUrl: (fileId) => `/files-cdn/${fileId}`,
}

function html(markdown: string, options: HtmlRenderOptions = SITE): string {
  return renderMarkdownHtml(markdown, options).html
}

/**
 * No script, style or frame element, no event handler or style attribute, no dangerous URL
 * scheme: checked on the parsed output, so that escaped text inside attributes does not count.
 */
function assertSafe(assert: Assert, output: string) {
  assert.notMatch(output, /<\s*(script|style|iframe|object|embed)/i)
  for (const element of parseHtml(output).querySelectorAll('*')) {
    for (const [name, value] of Object.entries(element.attributes)) {
      assert.notMatch(name, /^(on|style$)/i)
      if (/^(href|src)$/i.test(name)) assert.notMatch(value, /^\s*(javascript|data|vbscript):/i)
    }
  }
}

test.group('renderMarkdownHtml: markdown', () => {
  test('paragraphs, emphasis, strikethrough and inline code', ({ assert }) => {
    assert.equal(
      html('Some **bold**, *it*, ~~gone~~ and `a < b`.'),
      '<p>Some <strong>bold</strong>, <em>it</em>, <del>gone</del> and <code>a &#x3C; b</code>.</p>'
    )
  })

  test('task lists, tables and footnotes', ({ assert }) => {
    const output = html(
      '- [x] done\n- [ ] todo\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\nNote[^1].\n\n[^1]: The note.\n'
    )
    assert.include(output, '<ul class="contains-task-list">')
    assert.include(
      output,
      '<li class="task-list-item"><input type="checkbox" checked disabled> done</li>'
    )
    assert.include(output, '<th align="center">b</th>')
    assert.include(output, '<td>1</td>')
    assert.include(
      output,
      '<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref'
    )
    assert.include(output, '<li id="user-content-fn-1">')
    assert.include(output, '<section data-footnotes class="footnotes">')
  })

  test('headings get their anchor id and an accessible anchor link', ({ assert }) => {
    const { html: output, headings } = renderMarkdownHtml('# Getting *Started*\n\n### Next step\n')
    assert.equal(
      output,
      '<h1 id="getting-started">Getting <em>Started</em><a class="anchor" href="#getting-started" aria-label="Link to this section: Getting Started">#</a></h1>\n' +
        '<h3 id="next-step">Next step<a class="anchor" href="#next-step" aria-label="Link to this section: Next step">#</a></h3>'
    )
    assert.deepEqual(headings, [
      { id: 'getting-started', title: 'Getting Started', depth: 1 },
      { id: 'next-step', title: 'Next step', depth: 3 },
    ])
  })

  test('heading ids equal headingAnchors on a tricky document', ({ assert }) => {
    const markdown = [
      '# Setup',
      '## Setup',
      '## Setup-1',
      'Überblick über Ärger',
      '===',
      '- ## Setup',
      '  > ### 日本語の見出し',
      '  > - #### In a *quote* in a list',
      '> ## 🚀',
      '> > ## 🚀',
      '{% hint style="info" %}',
      '## Setup',
      '{% endhint %}',
      '',
      '```md',
      '# not a heading',
      '```',
      '###### [Linked](https://example.com) `code` ![img](x.png)',
      '## setup',
    ].join('\n')
    const { html: output, headings } = renderMarkdownHtml(markdown)
    assert.deepEqual(headings, headingAnchors(markdown))
    assert.lengthOf(headings, 12)
    for (const heading of headings) assert.include(output, ` id="${heading.id}"`)
  })

  test('code blocks are highlighted, with a caption from title="..."', ({ assert }) => {
    assert.equal(
      html('```js\nconst a = 1\n```'),
      '<pre><code class="language-js hljs"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>\n</code></pre>'
    )
    assert.equal(
      html('```unknownlang title="a.txt"\n<b>x</b>\n```'),
      '<div class="code-block"><div class="code-title">a.txt</div><pre><code class="language-unknownlang">&#x3C;b>x&#x3C;/b>\n</code></pre></div>'
    )
    assert.equal(html('```\nplain\n```'), '<pre><code>plain\n</code></pre>')
  })

  test('highlighting is bounded per block and per document', ({ assert }) => {
    const block = (lines: number) => '```js\n' + 'const a = 1\n'.repeat(lines) + '```\n\n'
    assert.notInclude(html(block(2000)), 'hljs')
    const many = html(block(1500).repeat(20))
    const highlighted = many.split('language-js hljs').length - 1
    assert.isAbove(highlighted, 5)
    assert.isBelow(highlighted, 20)
  })

  test('GitBook hints become note boxes; other block tags are dropped', ({ assert }) => {
    assert.equal(
      html(
        '{% hint style="warning" %}\nCareful **now**.\n\n- one\n{% endhint %}\n\n{% tabs %}\n{% tab title="A" %}\nText\n{% endtab %}\n{% endtabs %}\n'
      ),
      '<div class="hint hint-warning" role="note">\n<p>Careful <strong>now</strong>.</p>\n<ul>\n<li>one</li>\n</ul>\n</div>\n<p>Text</p>'
    )
    assert.equal(
      html('{% hint style="success" %}\n{% endhint %}'),
      '<div class="hint hint-success" role="note">\n</div>'
    )
    assert.equal(html('Before\n{% embed url="https://x.example" %}\nafter'), '<p>Before\nafter</p>')
  })

  test('raw HTML is dropped, the markdown around it kept', ({ assert }) => {
    assert.equal(
      html('<details>\n<summary>Hi</summary>\n\nInside *it*\n\n</details>\n\nA <kbd>key</kbd>.'),
      '<p>Inside <em>it</em></p>\n<p>A key.</p>'
    )
  })

  test('the same markdown renders the same HTML', ({ assert }) => {
    const markdown = longDocument(200)
    assert.equal(html(markdown), html(markdown))
  })
})

test.group('renderMarkdownHtml: links and images', () => {
  test('page links go through pageUrl, with their anchor', ({ assert }) => {
    assert.equal(
      html(
        `[a](/pages/${PAGE_ID}) [b](/pages/${PAGE_ID}#part) [c](./other.md#sec) [d](../up.md) [e](/pages/guides/setup)`
      ),
      `<p><a href="/docs/by-id/${PAGE_ID}">a</a> <a href="/docs/by-id/${PAGE_ID}#part">b</a> <a href="/docs/guides/other#sec">c</a> <a href="/docs/up">d</a> <a href="/docs/guides/setup">e</a></p>`
    )
    const seen: unknown[] = []
    html('[a](child.md#x)', {
      pagePath: 'guides',
      pageHasChildren: true,
      pageUrl: (target) => {
        seen.push(target)
        return '/p#already'
      },
    })
    assert.deepEqual(seen, [{ path: 'guides/child', anchor: 'x' }])
    assert.equal(
      html('[a](child.md#x)', { pageUrl: () => '/p#already' }),
      '<p><a href="/p#already">a</a></p>'
    )
  })

  test('links without a URL from the callbacks become their text', ({ assert }) => {
    assert.equal(
      html(`[a **b**](/pages/${PAGE_ID}) [f](/files/f1)`, {}),
      '<p>a <strong>b</strong> f</p>'
    )
    assert.equal(html('[f](/files/f1)', { fileUrl: () => undefined }), '<p>f</p>')
  })

  test('file, anchor, external, mailto and tel links; other schemes become text', ({ assert }) => {
    assert.equal(
      html(
        '[f](/files/f1) [s](<#Über uns>) [w](https://example.com/x?y=1) <https://auto.example> www.lit.example [m](mailto:a@b.c) [t](tel:+123) [ftp](ftp://x) [rel](./diagram.png) [pr](//evil.example)'
      ),
      '<p><a href="/files-cdn/f1">f</a> <a href="#%C3%9Cber%20uns">s</a> <a href="https://example.com/x?y=1" rel="noopener noreferrer">w</a> <a href="https://auto.example" rel="noopener noreferrer">https://auto.example</a> <a href="http://www.lit.example" rel="noopener noreferrer">www.lit.example</a> <a href="mailto:a@b.c">m</a> <a href="tel:+123">t</a> ftp rel pr</p>'
    )
  })

  test('reference links and images use their definition', ({ assert }) => {
    assert.equal(
      html(
        '[a][one] ![i][two] [missing][nope]\n\n[one]: ./other.md\n[two]: /files/img "Caption"\n'
      ),
      '<p><a href="/docs/guides/other">a</a> <img src="/files-cdn/img" alt="i" title="Caption" loading="lazy"> [missing][nope]</p>'
    )
  })

  test('images: files and relative paths through fileUrl, http(s) kept, others dropped', ({
    assert,
  }) => {
    assert.equal(
      html(
        '![a](/files/f1) ![b](../.gitbook/assets/b.png) ![c](https://cdn.example/c.png) ![d](ftp://x/d.png) ![e](/abs/e.png) ![](data:image/png;base64,AA)'
      ),
      '<p><img src="/files-cdn/f1" alt="a" loading="lazy"> <img src="/files-cdn/../.gitbook/assets/b.png" alt="b" loading="lazy"> <img src="https://cdn.example/c.png" alt="c" loading="lazy"> d e </p>'
    )
    assert.equal(html('![a](/files/f1)', {}), '<p>a</p>')
  })

  test('an image inside a dropped link is still resolved', ({ assert }) => {
    assert.equal(
      html('[![logo](/files/logo)](javascript:alert(1))'),
      '<p><img src="/files-cdn/logo" alt="logo" loading="lazy"></p>'
    )
  })
})

test.group('renderMarkdownHtml: sanitization', () => {
  const attacks: [string, string][] = [
    ['raw script', '<script>alert(1)</script>\n\nText <script>alert(1)</script>'],
    ['raw style and iframe', '<style>body{}</style>\n\n<iframe src="https://x"></iframe>'],
    ['img onerror', '<img src=x onerror=alert(1)>\n\nInline <img src=x onerror=alert(1)>'],
    ['javascript link', '[x](javascript:alert(1))'],
    ['mixed case scheme', '[x](JaVaScRiPt:alert(1))'],
    ['leading spaces', '[x](  javascript:alert(1))'],
    ['angled', '[x](<javascript:alert(1)>)'],
    ['image', '![x](javascript:alert(1))'],
    ['entity encoded', '[x](&#106;avascript:alert(1))'],
    ['escaped in the middle', '[x](java&#x09;script:alert(1))'],
    ['raw anchor', '<a href="javascript:alert(1)">x</a>'],
    [
      'autolink',
      '<javascript:alert(1)> <vbscript:msgbox(1)> <data:text/html,<script>alert(1)</script>>',
    ],
    ['data and vbscript links', '[x](data:text/html;base64,PHNjcmlwdD4=) [y](vbscript:msgbox(1))'],
    ['reference', '[x][r]\n\n[r]: javascript:alert(1)'],
    [
      'title with quotes',
      '[x](https://a.example "a\\" onmouseover=\\"alert(1)") [y](https://b.example \'x" onclick="alert(1)\')',
    ],
    ['code info string', '```js" onclick="alert(1)\ncode\n```'],
    ['heading with markup', '## <img src=x onerror=alert(1)> Title'],
    ['hint with html', '{% hint style="info" %}\n<script>alert(1)</script>\n{% endhint %}'],
  ]
  for (const [name, markdown] of attacks) {
    test(`${name}`, ({ assert }) => {
      assertSafe(assert, html(markdown))
      assertSafe(assert, html(markdown, {}))
    })
  }

  test('dangerous links keep only their text', ({ assert }) => {
    assert.equal(
      html('[x](javascript:alert(1)) [y](  JaVaScRiPt:alert(1)) [z](&#106;avascript:alert(1))'),
      '<p>x y z</p>'
    )
    assert.equal(html('![alt](javascript:alert(1))'), '<p>alt</p>')
  })

  test('titles with quotes stay inside their attribute', ({ assert }) => {
    assert.equal(
      html('[x](https://a.example "a\\" onmouseover=\\"alert(1)")'),
      '<p><a href="https://a.example" title="a&#x22; onmouseover=&#x22;alert(1)" rel="noopener noreferrer">x</a></p>'
    )
  })

  test('URLs the callbacks return are still checked', ({ assert }) => {
    const output = html(`[a](/pages/${PAGE_ID}) ![b](/files/f)`, {
      pageUrl: () => 'javascript:alert(1)',
      fileUrl: () => 'data:image/svg+xml,<svg onload=alert(1)>',
    })
    assertSafe(assert, output)
  })
})

test.group('renderMarkdownHtml: hostile input', () => {
  /**
   * Renders without throwing, and safely. How long it takes is the bench's business, not a test's
   * (machines are shared); the sizes here are the shapes that once overflowed or went quadratic.
   */
  function rendersSafely(assert: Assert, markdown: string) {
    const output = html(markdown)
    assertSafe(assert, output)
    return output
  }

  test('10,000 nested blockquotes', ({ assert }) => {
    rendersSafely(assert, '>'.repeat(10_000) + ' deep\n')
  })

  test('2,000 nested blockquotes (parsed, then flattened)', ({ assert }) => {
    const output = rendersSafely(assert, '>'.repeat(2000) + ' deep\n')
    assert.include(output, 'deep')
    assert.isBelow(output.split('<blockquote>').length, 70)
  })

  test('deeply nested lists', ({ assert }) => {
    const markdown = Array.from({ length: 150 }, (_, i) => ' '.repeat(i * 2) + '- a').join('\n')
    const output = rendersSafely(assert, markdown)
    assert.isBelow(output.split('<ul>').length, 70)
  })

  test('a list of 5,000 items', ({ assert }) => {
    const output = rendersSafely(assert, '- a\n'.repeat(5000))
    assert.equal(output.split('<li>').length - 1, 5000)
  })

  test('a table of 4,000 rows and one of 5,000 columns', ({ assert }) => {
    rendersSafely(assert, '|a|b|\n|-|-|\n' + '|x|y|\n'.repeat(4000))
    rendersSafely(assert, '|' + 'a|'.repeat(5000) + '\n|' + '-|'.repeat(5000) + '\n')
  })

  test('many unclosed hints and much code', ({ assert }) => {
    rendersSafely(assert, '{% hint style="info" %}\n\n'.repeat(4000))
    rendersSafely(assert, ('```js\n' + 'const a = "x" + 1 // c\n'.repeat(100) + '```\n').repeat(40))
  })
})
