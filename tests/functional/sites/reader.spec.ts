import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { PNG_1X1 } from '#tests/helpers/authoring'
import { okBody } from '#tests/helpers/sites'
import { authorAndMerge, page, pathOf, publishedSite, Reader } from '#tests/helpers/published_sites'

const INTRO = [
  'Zebras live here. See the [guide](./guide.md) and [advanced](guide/advanced.md#tuning).',
  '',
  '## Install',
  '',
  '```js',
  'const zebra = require("zebra")',
  '```',
  '',
  '## Use',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
].join('\n')

/** Three pages: Introduction, Guide and Advanced (inside Guide). */
const THREE_PAGES = [
  page('intro', 'Introduction', INTRO, { description: 'Where to start' }),
  page('guide', 'Guide', 'The guide.\n'),
  { ...page('advanced', 'Advanced', 'Knobs.\n\n## Tuning\n\nTurn them.\n'), into: 'guide' },
]

test.group('Published sites: pages for readers', (group) => {
  eachTestInTransaction(group)

  test('a merged space reads as HTML: navigation, page, headings, contents, previous and next', async ({
    client,
    assert,
  }) => {
    const { base, site } = await publishedSite(client, THREE_PAGES)
    assert.match(base, /^\/sites\/[^/]+\/[^/]+$/)
    const reader = new Reader(client)

    const home = await reader.get(base)
    home.assertStatus(200)
    assert.match(home.header('content-type')!, /^text\/html/)
    const html = home.text()
    assert.include(html, '<title>Introduction | Docs</title>')
    assert.include(html, '<h1 class="page-title">Introduction</h1>')
    assert.include(html, '<p class="description">Where to start</p>')
    // Navigation: every page, the current one marked; Advanced under Guide.
    assert.match(html, /<a href="[^"]*" aria-current="page">Introduction<\/a>/)
    assert.include(html, `href="${base}/guide">Guide</a>`)
    assert.include(html, `href="${base}/guide/advanced">Advanced</a>`)
    // Headings carry the anchors of link analysis; "on this page" lists them.
    assert.match(html, /<h2 id="install">/)
    assert.include(html, '<a href="#install">Install</a>')
    // Links between pages point at their published URLs; code is highlighted; tables render.
    assert.include(html, `href="${base}/guide"`)
    assert.include(html, `href="${base}/guide/advanced#tuning"`)
    assert.match(html, /<code class="[^"]*language-js[^"]*">/)
    assert.include(html, '<span class="hljs-')
    assert.include(html, '<table>')
    // Next page; no previous on the first.
    assert.match(html, /<a class="next" rel="next" href="[^"]*\/guide">/)
    assert.notInclude(html, 'rel="prev"')
    // No script anywhere: the page needs none.
    assert.notInclude(html, '<script')
    // The one stylesheet is allowed by its hash, nothing else.
    const csp = home.header('content-security-policy')!
    assert.include(csp, "default-src 'none'")
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]
    assert.include(csp, `'sha256-${createHash('sha256').update(css).digest('base64')}'`)

    const advanced = await reader.get(`${base}/guide/advanced`)
    advanced.assertStatus(200)
    const nested = advanced.text()
    assert.match(
      nested,
      /<nav class="breadcrumbs"[^>]*>\s*<ol>\s*<li><a href="[^"]*\/guide">Guide<\/a><\/li>/
    )
    assert.match(nested, /<details data-open="[^"]+" open>/)
    assert.match(nested, /rel="prev" href="[^"]*\/guide">/)
    assert.equal(site.urls.published, `${new URL(site.urls.published).origin}${base}`)
  })

  test('each page as markdown; unknown paths are a 404 page; an unpublished site is a 404', async ({
    client,
    assert,
  }) => {
    const { base, sites, path } = await publishedSite(client, THREE_PAGES)
    const reader = new Reader(client)
    const markdown = await reader.get(`${base}/guide/advanced.md`)
    markdown.assertStatus(200)
    assert.match(markdown.header('content-type')!, /^text\/markdown/)
    assert.equal(markdown.text(), 'Knobs.\n\n## Tuning\n\nTurn them.\n')
    assert.include(await reader.text(`${base}/introduction.md`), 'Zebras live here')

    const missing = await reader.get(`${base}/nowhere/at/all`)
    missing.assertStatus(404)
    assert.include(missing.text(), 'Page not found')
    assert.equal(missing.header('cache-control'), 'no-store')
    await reader.expect(`${base}/guide/advanced/deeper`, 404)
    await reader.expect('/sites/nobody/nothing', 404)

    okBody(await sites.post(`${path}/unpublish`))
    await reader.expect(base, 404)
    await reader.expect(`${base}/guide`, 404)
    await reader.expect(`${base}/guide.md`, 404)
  })

  test('ETag and Last-Modified from the revision: unchanged pages answer 304, a merge changes them', async ({
    client,
    assert,
  }) => {
    const { base, admin, spaceId, refs } = await publishedSite(client, THREE_PAGES)
    const reader = new Reader(client)
    const first = await reader.get(`${base}/guide`)
    const etag = first.header('etag')!
    assert.match(etag, /^W\/".+"$/)
    assert.isString(first.header('last-modified'))
    assert.equal(first.header('cache-control'), 'public, max-age=0, must-revalidate')
    assert.equal(first.header('vary'), 'Cookie')

    const again = await reader.get(`${base}/guide`, { 'if-none-match': etag })
    again.assertStatus(304)
    assert.equal(again.text(), '')

    await authorAndMerge(client, admin, spaceId, [
      { operation: 'update_page', page: refs.guide, document: { markdown: 'A new guide.\n' } },
    ])
    const changed = await reader.get(`${base}/guide`, { 'if-none-match': etag })
    changed.assertStatus(200)
    assert.include(changed.text(), 'A new guide.')
    assert.notEqual(changed.header('etag'), etag)
  })

  test('content is sanitized: no script, no event handler, no javascript: URL reaches the HTML', async ({
    client,
    assert,
  }) => {
    const hostile = [
      '# Hostile',
      '',
      '<script>alert("inline")</script>',
      '',
      '<img src=x onerror=alert(1)>',
      '',
      '[click](javascript:alert(2)) [again](JaVaScRiPt:alert(3)) [data](data:text/html,<b>x</b>)',
      '',
      '![pic](javascript:alert(4))',
      '',
      '<a href="javascript:alert(5)" onclick="alert(6)">raw</a>',
      '',
      '<iframe src="https://example.com"></iframe><style>body{}</style>',
      '',
    ].join('\n')
    const { base } = await publishedSite(client, [page('bad', 'Bad page', hostile)])
    const html = await new Reader(client).text(base)
    const content = html.slice(html.indexOf('<div class="content">'))
    assert.notMatch(html, /<script/i)
    assert.notMatch(content, /<iframe|<style|\sonerror|\sonclick|javascript:|data:text/i)
    assert.include(content, 'click')
  })

  test('a page moved or renamed by a merge is found at its new path; the old one answers 301', async ({
    client,
    assert,
  }) => {
    const { base, admin, spaceId, refs } = await publishedSite(client, THREE_PAGES)
    await authorAndMerge(client, admin, spaceId, [
      {
        operation: 'update_page',
        page: refs.advanced,
        title: 'Expert',
        slug: 'expert',
        into: null,
      },
    ])
    const reader = new Reader(client)
    await reader.expect(`${base}/expert`, 200)
    const old = await reader.get(`${base}/guide/advanced`)
    old.assertStatus(301)
    assert.equal(old.header('location'), `${base}/expert`)
    const oldMarkdown = await reader.get(`${base}/guide/advanced.md`)
    oldMarkdown.assertStatus(301)
    assert.equal(oldMarkdown.header('location'), `${base}/expert.md`)

    // Deleted: no page to send readers to.
    await authorAndMerge(client, admin, spaceId, [
      { operation: 'delete_page', page: refs.advanced },
    ])
    await reader.expect(`${base}/guide/advanced`, 404)
    await reader.expect(`${base}/expert`, 404)
  })

  test('files of the revision are served through the site; images point at them', async ({
    client,
    assert,
  }) => {
    const { base } = await publishedSite(client, [
      {
        operation: 'insert_files',
        files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG_1X1 }],
      },
      page('home', 'Home', 'Our logo: ![the logo](./logo)\n'),
    ])
    const reader = new Reader(client)
    const html = await reader.text(base)
    const src = /<img src="([^"]+)" alt="the logo"/.exec(html)?.[1]
    assert.isString(src)
    assert.match(src!, new RegExp(`^${base}/~files/[^/]+/logo\\.png$`))
    const image = await reader.get(src!)
    image.assertStatus(200)
    assert.equal(image.header('content-type'), 'image/png')
    assert.equal(image.header('x-content-type-options'), 'nosniff')
    await reader.expect(`${base}/~files/unknown/x.png`, 404)
  })

  test('robots.txt and sitemap.xml for public sites; llms.txt and llms-full.txt when agents are included', async ({
    client,
    assert,
  }) => {
    const { base, sites, path } = await publishedSite(client, [
      ...THREE_PAGES,
      page('secret', 'Unindexed', 'Not for crawlers.\n', { noIndex: true }),
      page('hidden', 'Hidden', 'Not in navigation.\n', { hidden: true }),
    ])
    const reader = new Reader(client)
    const robots = await reader.get(`${base}/robots.txt`)
    assert.include(robots.text(), 'Allow: /')
    assert.include(robots.text(), `${base}/sitemap.xml`)
    const sitemap = await reader.get(`${base}/sitemap.xml`)
    sitemap.assertStatus(200)
    assert.match(sitemap.header('content-type')!, /^application\/xml/)
    const locs = [...sitemap.text().matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => pathOf(m[1]))
    assert.deepEqual(locs, [base, `${base}/guide`, `${base}/guide/advanced`])

    // Hidden pages are out of the navigation but readable at their URL.
    const home = await reader.text(base)
    assert.notInclude(home, '>Hidden</a>')
    await reader.expect(`${base}/hidden`, 200)

    // Sites include agents unless told not to.
    okBody(await sites.patch(path, { agentsContext: 'excluded' }))
    await reader.expect(`${base}/llms.txt`, 404)
    await reader.expect(`${base}/llms-full.txt`, 404)
    okBody(await sites.patch(path, { agentsContext: 'included' }))
    const llms = await reader.get(`${base}/llms.txt`)
    llms.assertStatus(200)
    assert.include(llms.text(), '# Docs')
    assert.match(llms.text(), /- \[Introduction\]\(http[^)]+\/introduction\.md\): Where to start/)
    assert.include(llms.text(), '/guide/advanced.md)')
    const full = await reader.get(`${base}/llms-full.txt`)
    assert.include(full.text(), 'Zebras live here')
    assert.include(full.text(), 'Knobs.')
  })

  test('unlisted sites: readable by anyone with the URL, never indexed', async ({
    client,
    assert,
  }) => {
    const { base } = await publishedSite(client, THREE_PAGES, { site: { visibility: 'unlisted' } })
    const reader = new Reader(client)
    const home = await reader.get(base)
    home.assertStatus(200)
    assert.equal(home.header('x-robots-tag'), 'noindex')
    assert.match(home.text(), /<meta name="robots" content="noindex"/)
    await reader.expect(`${base}/sitemap.xml`, 404)
    assert.include(await reader.text(`${base}/robots.txt`), 'Disallow: /')
  })

  test('the theme switch keeps the choice in a cookie; dark and light palettes', async ({
    client,
    assert,
  }) => {
    const { base } = await publishedSite(client, THREE_PAGES)
    const reader = new Reader(client)
    assert.include(await reader.text(base), 'data-theme="system"')
    const switched = await reader.get(`${base}/guide?theme=dark`)
    switched.assertStatus(302)
    assert.equal(switched.header('location'), `${base}/guide`)
    assert.include(await reader.text(`${base}/guide`), 'data-theme="dark"')
  })

  test('another organization cannot read an unpublished site, members preview it from the console', async ({
    client,
  }) => {
    const { base } = await publishedSite(client, THREE_PAGES, { published: false })
    const outsider = await createCaller()
    await new Reader(client).expect(base, 404)
    // An API token is no way in either.
    await new Reader(client, { authorization: `Bearer ${outsider.token}` }).expect(base, 404)
  })
})
