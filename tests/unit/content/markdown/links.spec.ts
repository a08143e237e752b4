import { test } from '@japa/runner'
import {
  classifyTarget,
  extractLinks,
  linkSites,
  rewriteLinks,
  rewriteLinkSitesAndUrls,
  type ExtractedLink,
} from '#content/markdown/links'
import { parseMarkdown } from '#content/markdown/parse'
import { CPU_BUDGET_MS, cpuMilliseconds, longDocument } from '#tests/helpers/markdown_fixtures'

test.group('extractLinks', () => {
  test('empty input has no links', ({ assert }) => {
    assert.deepEqual(extractLinks(''), [])
  })

  test('inline links and images with positions and offsets', ({ assert }) => {
    const source = 'See [the *guide*](./guide.md "Guide") and ![diagram](/files/abc).\n'
    const [link, image] = extractLinks(source)
    assert.deepEqual(link, {
      kind: 'link',
      form: 'inline',
      url: './guide.md',
      text: 'the guide',
      title: 'Guide',
      line: 1,
      column: 5,
      offset: { start: 4, end: 37 },
      destination: { start: 18, end: 28 },
    })
    assert.equal(
      source.slice(link.offset.start, link.offset.end),
      '[the *guide*](./guide.md "Guide")'
    )
    assert.equal(source.slice(link.destination!.start, link.destination!.end), './guide.md')
    assert.include(image, {
      kind: 'image',
      form: 'inline',
      url: '/files/abc',
      text: 'diagram',
      line: 1,
      column: 43,
    })
    assert.equal(source.slice(image.destination!.start, image.destination!.end), '/files/abc')
  })

  test('reference-style links resolve through their definitions', ({ assert }) => {
    const source =
      'A [full][Ref], a [collapsed][] and a [shortcut] and ![img][pic].\n\n[ref]: https://a.example "T"\n[collapsed]: <./with space.md>\n[shortcut]: #anchor\n[pic]: /files/f1\n'
    const links = extractLinks(source)
    assert.deepEqual(
      links.map((l) => [l.kind, l.form, l.url, l.text]),
      [
        ['link', 'reference', 'https://a.example', 'full'],
        ['link', 'reference', './with space.md', 'collapsed'],
        ['link', 'reference', '#anchor', 'shortcut'],
        ['image', 'reference', '/files/f1', 'img'],
      ]
    )
    assert.equal(links[0].title, 'T')
    const destination = links[1].destination!
    assert.equal(source.slice(destination.start, destination.end), './with space.md')
  })

  test('an undefined reference is text, not a link', ({ assert }) => {
    assert.deepEqual(extractLinks('[not a link] and [x][nowhere]\n'), [])
  })

  test('autolinks and GFM literal autolinks', ({ assert }) => {
    const links = extractLinks(
      '<https://auto.example/a> and https://literal.example/b, www.site.example or mail me@example.com\n'
    )
    assert.deepEqual(
      links.map((l) => [l.form, l.url, l.text]),
      [
        ['autolink', 'https://auto.example/a', 'https://auto.example/a'],
        ['literal', 'https://literal.example/b', 'https://literal.example/b'],
        ['literal', 'http://www.site.example', 'www.site.example'],
        ['literal', 'mailto:me@example.com', 'me@example.com'],
      ]
    )
    assert.isUndefined(links[0].destination)
  })

  test('code fences and inline code hold no links', ({ assert }) => {
    const source =
      '```md\n[x](y) ![i](j.png) <https://a.example>\n```\n\n    [indented](code)\n\nText `[x](y)` and `https://b.example`.\n\n~~~\n[z](w)\n~~~\n'
    assert.deepEqual(extractLinks(source), [])
  })

  test('an image inside a link gives both', ({ assert }) => {
    const links = extractLinks('[![badge](https://img.example/b.svg)](https://ci.example)\n')
    assert.deepEqual(
      links.map((l) => [l.kind, l.url]),
      [
        ['link', 'https://ci.example'],
        ['image', 'https://img.example/b.svg'],
      ]
    )
  })

  test('links in nested lists, quotes and tables', ({ assert }) => {
    const source =
      '- a\n  - [deep](./deep.md)\n\n> [quoted](./q.md)\n\n| a | b |\n| - | - |\n| [cell](./c.md) | x |\n'
    assert.deepEqual(
      extractLinks(source).map((l) => [l.url, l.line, l.column]),
      [
        ['./deep.md', 2, 5],
        ['./q.md', 4, 3],
        ['./c.md', 8, 3],
      ]
    )
  })

  test('escapes and character references are decoded in url', ({ assert }) => {
    const [link] = extractLinks('[a](https://x.example/?a=1&amp;b=2\\_c)\n')
    assert.equal(link.url, 'https://x.example/?a=1&b=2_c')
  })

  test('CRLF line endings keep offsets on the source', ({ assert }) => {
    const source = 'Line one\r\n\r\nSee [b](./b.md)\r\n\r\n[r]: ./r.md\r\n\r\n[r]\r\n'
    const links = extractLinks(source)
    assert.deepEqual(
      links.map((l) => [l.url, l.line, l.column]),
      [
        ['./b.md', 3, 5],
        ['./r.md', 7, 1],
      ]
    )
    for (const link of links) {
      assert.equal(source.slice(link.destination!.start, link.destination!.end), link.url)
    }
  })

  test('unicode text and URLs', ({ assert }) => {
    const source = '日本語 [ページ](./ページ.md) 📘 [x](https://例え.jp/パス)\n'
    const links = extractLinks(source)
    assert.deepEqual(
      links.map((l) => [l.text, l.url, l.column]),
      [
        ['ページ', './ページ.md', 5],
        ['x', 'https://例え.jp/パス', 24],
      ]
    )
    assert.equal(
      source.slice(links[1].destination!.start, links[1].destination!.end),
      'https://例え.jp/パス'
    )
  })

  test('5,000 lines stay fast', ({ assert }) => {
    const source = longDocument(5000)
    let links: ExtractedLink[] = []
    assert.isBelow(
      cpuMilliseconds(() => (links = extractLinks(source))),
      CPU_BUDGET_MS
    )
    // Per 13-line section: 2 links, 1 autolink, 1 nested link, 1 image; none from the code fence.
    assert.isAbove(links.length, 1900)
    assert.notExists(links.find((link) => link.url.includes('not-a-link')))
    assert.equal(
      rewriteLinks(source, () => undefined),
      source
    )
  }).timeout(30_000)
})

test.group('rewriteLinks', () => {
  test('rewrites destinations only, byte for byte elsewhere', ({ assert }) => {
    const source =
      '# T\r\n\r\nA [page](./intro.md "Title") and ![pic](./img.png) and [keep](https://k.example).\r\n'
    const output = rewriteLinks(source, (link) => {
      if (link.url === './intro.md') return '/pages/abcdefghijABCDEFGHIJ'
      if (link.url === './img.png') return '/files/FILEID'
      return undefined
    })
    assert.equal(
      output,
      '# T\r\n\r\nA [page](/pages/abcdefghijABCDEFGHIJ "Title") and ![pic](/files/FILEID) and [keep](https://k.example).\r\n'
    )
  })

  test('returns the input unchanged when nothing is replaced', ({ assert }) => {
    const source = 'x [a](b) `[c](d)`\n\n```\n[e](f)\n```\n'
    assert.equal(
      rewriteLinks(source, () => undefined),
      source
    )
    assert.equal(
      rewriteLinks('', () => 'x'),
      ''
    )
  })

  test('never touches code', ({ assert }) => {
    const source = '```\n[x](./x.md)\n```\n\n`[x](./x.md)` [x](./x.md)\n'
    assert.equal(
      rewriteLinks(source, () => '/pages/new'),
      '```\n[x](./x.md)\n```\n\n`[x](./x.md)` [x](/pages/new)\n'
    )
  })

  test('reference links rewrite their definition once', ({ assert }) => {
    const source = '[a][r] and [b][r]\n\n[r]: ./r.md "Title"\n'
    let calls = 0
    const output = rewriteLinks(source, () => {
      calls++
      return '/pages/R'
    })
    assert.equal(output, '[a][r] and [b][r]\n\n[r]: /pages/R "Title"\n')
    assert.equal(calls, 1)
  })

  // [source, the URL every link is rewritten to, the markdown written]
  const rewritten: [string, string, string][] = [
    // URLs that cannot be bare are written in angle brackets.
    ['[a](x)\n', 'with space (1).md', '[a](<with space (1).md>)\n'],
    ['[a](x)\n', 'unbalanced)', '[a](<unbalanced)>)\n'],
    ['[a](<x y>)\n', 'a<b>', '[a](<a\\<b\\>>)\n'],
    ['[a](<x y>)\n', '/pages/P', '[a](</pages/P>)\n'],
    ['[a](x)\n', 'q?a=1&amp;b', '[a](q?a=1\\&amp;b)\n'],
    // Autolinks stay autolinks for absolute URLs, become links otherwise.
    ['<https://old.example>\n', 'https://new.example', '<https://new.example>\n'],
    ['<https://old.example>\n', '/pages/P', '[https://old.example](/pages/P)\n'],
    [
      'see https://old.example/a_b here\n',
      '/pages/P',
      'see [https://old.example/a\\_b](/pages/P) here\n',
    ],
    // Unicode around rewritten links.
    ['📘 [ページ](./ページ.md) é\n', '/pages/X', '📘 [ページ](/pages/X) é\n'],
  ]
  test('a link rewritten to {1}')
    .with(rewritten)
    .run(({ assert }, [source, url, expected]) => {
      assert.equal(
        rewriteLinks(source, () => url),
        expected
      )
    })

  test('URLs that cannot be bare read back as written', ({ assert }) => {
    for (const url of ['with space (1).md', 'unbalanced)', 'a<b>', 'q?a=1&amp;b', 'back\\slash']) {
      const output = rewriteLinks('[a](x)\n', () => url)
      assert.equal(extractLinks(output)[0].url, url)
    }
  })

  test('an image inside a link is rewritten with the link', ({ assert }) => {
    const output = rewriteLinks('[![i](./i.png)](./p.md)\n', (link) =>
      link.kind === 'image' ? '/files/I' : '/pages/P'
    )
    assert.equal(output, '[![i](/files/I)](/pages/P)\n')
  })
})

test.group('rewriteLinkSitesAndUrls', () => {
  const source = [
    '# T [x](#head)',
    '',
    '[a](./a.md) and ![i](./i.png "Title") and [r1][r], [r2][r] and [k](<./k k.md>)',
    '[![n](./n.png)](./nested.md) and <https://auto.example> and [e]()',
    '',
    '| [t](./t.md) | b |',
    '| - | - |',
    '',
    '[r]: ./r.md',
    '',
  ].join('\n')
  const replacements: Record<string, string> = {
    '#head': '#new-head',
    './a.md': '/pages/AAAAAAAAAAAAAAAAAAAA#a (1)',
    './i.png': 'https://files.example/i.png',
    './r.md': '/pages/R',
    './k k.md': 'short',
    './n.png': '/files/N',
    './t.md': 'https://t.example/a_(b)',
  }

  test('answers the URLs and destinations a parse of the result gives', ({ assert }) => {
    const tree = parseMarkdown(source)
    const sites = linkSites(tree, source)
    const { markdown, after } = rewriteLinkSitesAndUrls(
      source,
      sites,
      (link) => replacements[link.url]
    )
    assert.equal(
      markdown,
      rewriteLinks(source, (link) => replacements[link.url])
    )
    const parsed = linkSites(parseMarkdown(markdown), markdown)
    assert.deepEqual(
      after,
      parsed.map(({ link, angled }, index) => ({
        url: link.url,
        ...(link.destination ? { destination: link.destination } : {}),
        ...(angled && !sites[index].angled ? { angled } : {}),
      }))
    )
  })

  test('an autolink made a link, or a line break in a URL, needs a parse', ({ assert }) => {
    const sites = linkSites(parseMarkdown(source), source)
    const toLink = rewriteLinkSitesAndUrls(source, sites, (link) =>
      link.form === 'autolink' ? '/pages/P' : undefined
    )
    assert.isUndefined(toLink.after)
    const lineBreak = rewriteLinkSitesAndUrls(source, sites, (link) =>
      link.url === './a.md' ? 'a\nb' : undefined
    )
    assert.isUndefined(lineBreak.after)
    const none = rewriteLinkSitesAndUrls(source, sites, () => undefined)
    assert.equal(none.markdown, source)
    assert.lengthOf(none.after!, sites.length)
  })
})

test.group('classifyTarget', () => {
  const context = {
    pagePath: 'guides/intro',
    refs: new Set(['new-page']),
    appUrl: 'https://docs.example:8443/base',
  }

  test('{url}')
    .with([
      {
        url: '/pages/abcdefghijABCDEFGHIJ',
        expected: { type: 'page', pageId: 'abcdefghijABCDEFGHIJ' },
      },
      {
        url: '/pages/abcdefghijABCDEFGHIJ#setup',
        expected: { type: 'page', pageId: 'abcdefghijABCDEFGHIJ', anchor: 'setup' },
      },
      { url: '/pages/guides/intro', expected: { type: 'page-path', path: 'guides/intro' } },
      { url: '/pages/intro.md', expected: { type: 'page-path', path: 'intro' } },
      { url: '/pages/guides/README.md', expected: { type: 'page-path', path: 'guides' } },
      {
        url: '/pages/intro#part-2',
        expected: { type: 'page-path', path: 'intro', anchor: 'part-2' },
      },
      { url: './setup.md', expected: { type: 'page-path', path: 'guides/setup' } },
      { url: 'setup.md', expected: { type: 'page-path', path: 'guides/setup' } },
      { url: '../faq.md', expected: { type: 'page-path', path: 'faq' } },
      { url: '../reference/README.md', expected: { type: 'page-path', path: 'reference' } },
      { url: './section', expected: { type: 'page-path', path: 'guides/section' } },
      {
        url: './deep/page.md#x%20y',
        expected: { type: 'page-path', path: 'guides/deep/page', anchor: 'x y' },
      },
      { url: './my%20page.md', expected: { type: 'page-path', path: 'guides/my page' } },
      { url: '../../outside.md', expected: { type: 'other', url: '../../outside.md' } },
      { url: './diagram.png', expected: { type: 'other', url: './diagram.png' } },
      { url: './new-page', expected: { type: 'ref', ref: 'new-page' } },
      { url: './new-page.md#a', expected: { type: 'ref', ref: 'new-page', anchor: 'a' } },
      { url: '/files/FILEID', expected: { type: 'file', fileId: 'FILEID' } },
      { url: '#install', expected: { type: 'anchor', anchor: 'install' } },
      { url: '#%C3%A9t%C3%A9', expected: { type: 'anchor', anchor: 'été' } },
      {
        url: 'https://docs.example:8443/other',
        expected: { type: 'url', url: 'https://docs.example:8443/other', inApp: true },
      },
      {
        url: 'https://docs.example/other',
        expected: { type: 'url', url: 'https://docs.example/other', inApp: false },
      },
      {
        url: 'HTTP://elsewhere.example',
        expected: { type: 'url', url: 'HTTP://elsewhere.example', inApp: false },
      },
      { url: 'mailto:me@example.com', expected: { type: 'other', url: 'mailto:me@example.com' } },
      { url: 'tel:+331234', expected: { type: 'other', url: 'tel:+331234' } },
      { url: '//cdn.example/x', expected: { type: 'other', url: '//cdn.example/x' } },
      { url: '/v1/spaces', expected: { type: 'other', url: '/v1/spaces' } },
      { url: '', expected: { type: 'other', url: '' } },
      { url: '#', expected: { type: 'other', url: '#' } },
    ])
    .run(({ assert }, { url, expected }) => {
      assert.deepEqual(classifyTarget(url, context), expected as any)
    })

  test('relative links of a page with children resolve inside it', ({ assert }) => {
    assert.deepEqual(classifyTarget('./child.md', { pagePath: 'guides', pageHasChildren: true }), {
      type: 'page-path',
      path: 'guides/child',
    })
    assert.deepEqual(classifyTarget('./sibling.md', { pagePath: 'guides' }), {
      type: 'page-path',
      path: 'sibling',
    })
  })

  test('without a page path, relative links resolve from the root', ({ assert }) => {
    assert.deepEqual(classifyTarget('./a/b.md'), { type: 'page-path', path: 'a/b' })
    assert.deepEqual(classifyTarget('./README.md'), { type: 'page-path', path: '' })
    assert.deepEqual(classifyTarget('https://x.example'), {
      type: 'url',
      url: 'https://x.example',
      inApp: false,
    })
  })

  test('refs only count when the batch has them; arrays and maps work too', ({ assert }) => {
    assert.deepEqual(classifyTarget('./new-page.md'), { type: 'page-path', path: 'new-page' })
    assert.deepEqual(classifyTarget('./r1', { refs: ['r1'] }), { type: 'ref', ref: 'r1' })
    assert.deepEqual(classifyTarget('./r1.md', { refs: new Map([['r1', 'id']]) }), {
      type: 'ref',
      ref: 'r1',
    })
  })

  test('isPageId tells ids from one-segment slugs', ({ assert }) => {
    assert.deepEqual(classifyTarget('/pages/short-id', { isPageId: (v) => v === 'short-id' }), {
      type: 'page',
      pageId: 'short-id',
    })
    assert.deepEqual(classifyTarget('/pages/abcdefghijABCDEFGHIJ', { isPageId: () => false }), {
      type: 'page-path',
      path: 'abcdefghijABCDEFGHIJ',
    })
  })
})
