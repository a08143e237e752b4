import { test } from '@japa/runner'
import { readdirSync } from 'node:fs'
import { crawl, StartPageError, type CrawlOptions } from '#content/import/crawler'
import { buildImportPlan } from '#content/import/import_plan'
import { SsrfGuard } from '#content/import/ssrf_guard'
import { contentWorkers } from '#content/import/worker_pool'
import type { InsertFilesChange, InsertPageChange } from '#content/import/types'
import { useOwnTmpdir } from '#tests/helpers/own_tmpdir'
import { MemorySink, startTestSite, TINY_PNG, type TestSite } from '#tests/helpers/import_site'

function options(site: TestSite, overrides: CrawlOptions = {}): CrawlOptions {
  return {
    guard: new SsrfGuard({ allowedHosts: [`127.0.0.1:${site.port}`] }),
    maxBytesPerResource: 100 * 1024,
    requestTimeoutMs: 2000,
    // Generous: the first page also waits for a worker thread to start (seconds on a loaded machine).
    timeBudgetMs: 60_000,
    ...overrides,
  }
}

test.group('Import crawler and plan', (group) => {
  let site: TestSite
  group.each.setup(async () => {
    site = await startTestSite()
    return () => site.close()
  })

  test('crawls the site within its prefix and skips what fails', async ({ assert }) => {
    const started = Date.now()
    const sink = new MemorySink()
    const result = await crawl(`${site.origin}/docs/`, sink, options(site))
    assert.isBelow(Date.now() - started, 30_000, 'the slow page does not hold the crawl')

    const path = (url: string) => new URL(url).pathname
    assert.equal(path(result.startUrl), '/docs/')
    assert.deepEqual(result.scope, { origin: site.origin, pathPrefix: '/docs/' })
    assert.deepEqual(result.pages.map((page) => path(page.url)).sort(), [
      '/docs/',
      '/docs/api',
      '/docs/guide',
      '/docs/guide/install',
      '/docs/loop-a',
      '/docs/loop-b',
    ])
    assert.equal(path(result.pages[0].url), '/docs/')
    // Out of scope and non-page links are not requested; the loop is fetched once each.
    assert.notInclude(site.requests, '/outside/page')
    assert.notInclude(site.requests, '/legal')
    assert.notInclude(site.requests, '/docs/manual.pdf')
    assert.equal(site.requests.filter((p) => p === '/docs/loop-a').length, 1)
    assert.equal(site.requests.filter((p) => p === '/docs/loop-b').length, 1)
    // The redirect is another name of the API page.
    const api = result.pages.find((page) => path(page.url) === '/docs/api')!
    assert.deepEqual(api.aliases.map(path), ['/docs/old'])

    assert.deepEqual(result.failures.map((failure) => [failure.kind, path(failure.url)]).sort(), [
      ['image', '/docs/missing.png'],
      ['page', '/docs/huge'],
      ['page', '/docs/missing'],
      ['page', '/docs/slow'],
    ])
    assert.match(
      result.failures.find((f) => f.url.endsWith('/huge'))!.reason,
      /larger than 102400 bytes/
    )
    assert.match(
      result.failures.find((f) => f.url.endsWith('/slow'))!.reason,
      /did not answer in time/
    )
    assert.match(result.failures.find((f) => f.url.endsWith('/missing'))!.reason, /HTTP 404/)

    assert.lengthOf(result.images, 1)
    assert.equal(result.images[0].name, 'logo.png')
    assert.equal(result.images[0].contentType, 'image/png')
    assert.deepEqual(Buffer.from(sink.blobs.get(result.images[0].blob)!), TINY_PNG)
    assert.equal(result.images[0].size, TINY_PNG.length)
    // 6 pages + 3 failed pages + 2 images (one missing).
    assert.equal(result.totalResources, 11)
  }).timeout(60_000)

  test('plans files first, then pages parent before child in the site hierarchy', async ({
    assert,
  }) => {
    const sink = new MemorySink()
    const result = await crawl(`${site.origin}/docs/`, sink, options(site))
    const plan = await buildImportPlan(result, { refPrefix: 'imp' })
    const logo = result.images[0]
    assert.equal(plan.importedResources, 7)
    assert.equal(plan.totalResources, 11)

    const [files, ...pages] = plan.changes as [InsertFilesChange, ...InsertPageChange[]]
    assert.equal(files.operation, 'insert_files')
    assert.deepEqual(files.files, [
      {
        id: logo.id,
        name: 'logo.png',
        contentType: 'image/png',
        stored: { blob: logo.blob, size: TINY_PNG.length, dimensions: { width: 1, height: 1 } },
      },
    ])
    assert.isTrue(pages.every((change) => change.operation === 'insert_page'))

    const byTitle = Object.fromEntries(pages.map((change) => [change.title, change]))
    assert.deepEqual(
      pages.map((change) => [
        change.title,
        change.slug,
        change.into ? pages.find((p) => p.ref === change.into)!.title : null,
      ]),
      // The start page first, then the order of the site's navigation (guide, API), then the crawl's.
      [
        ['Welcome', 'docs', null],
        ['The guide', 'guide', null],
        ['Install', 'install', 'The guide'],
        ['API reference', 'api', null],
        ['Loop A', 'loop-a', null],
        ['Loop B', 'loop-b', null],
      ]
    )
    assert.equal(pages[0].ref, 'imp-p1')
    assert.isUndefined(pages[0].into)

    const markdown = (title: string) => {
      const document = byTitle[title].document
      return 'stored' in document ? sink.documents.get(document.stored)! : document.markdown
    }
    const link = (title: string, anchor = '') => `/pages/${byTitle[title].id}${anchor}`
    const welcome = markdown('Welcome')
    assert.notInclude(welcome, '# Welcome', 'the title is metadata')
    assert.include(welcome, `[guide](${link('The guide')})`)
    assert.include(welcome, `[installing](${link('Install', '#requirements')})`)
    assert.include(welcome, `[API](${link('API reference')})`)
    assert.include(welcome, `[Old](${link('API reference')})`, 'redirects resolve to their page')
    assert.include(welcome, `[Loop](${link('Loop A')})`, 'query strings do not matter')
    assert.include(welcome, `[Outside](${site.origin}/outside/page)`)
    assert.include(welcome, '[Elsewhere](https://example.com/elsewhere)')
    assert.include(welcome, `[Missing](${site.origin}/docs/missing)`)
    assert.include(welcome, `![Logo](/files/${logo.id})`)
    assert.include(welcome, `![Gone](${site.origin}/docs/missing.png)`)
    assert.notInclude(welcome, 'tracking', 'scripts are dropped')
    assert.notInclude(welcome, 'Docs home', 'header is outside <main>')

    const guide = markdown('The guide')
    assert.include(guide, '**bold** and _italic_')
    assert.include(guide, '## Steps')
    assert.match(guide, /^- First$/m)
    assert.include(guide, '```js\nconst answer = 42\nconsole.log(answer)\n```')
    assert.include(guide, `[Install](${link('Install')})`)
    assert.include(guide, `[home](${link('Welcome')})`)
    assert.include(guide, '[steps](#steps)')

    const install = markdown('Install')
    assert.match(install, /^1\. +Download$/m)
    assert.include(install, '| OS | Command |\n| - | - |\n| Linux | `apt install x` |')
    assert.include(install, `![Logo again](/files/${logo.id})`)
    assert.include(markdown('Loop B'), `[to A](${link('Loop A')})`)
    // Each stored document has its link facts.
    const facts = sink.facts.get((byTitle['Install'].document as { stored: string }).stored)!
    assert.deepInclude(facts.links, { kind: 'image', url: `/files/${logo.id}` })
  }).timeout(60_000)

  test('maxPages bounds the fetches and refs are random by default', async ({ assert }) => {
    const result = await crawl(
      `${site.origin}/docs/`,
      new MemorySink(),
      options(site, { maxPages: 2 })
    )
    assert.lengthOf(result.pages, 2)
    assert.match(result.limited!, /limit of 2 pages: \d+ more pages found were not imported/)
    assert.equal(
      site.requests.filter((p) => p.startsWith('/docs/') && !p.endsWith('.png')).length,
      2
    )
    const plan = await buildImportPlan(result)
    const refs = plan.changes.flatMap((change) =>
      change.operation === 'insert_page' ? [change.ref] : []
    )
    assert.lengthOf(new Set(refs), refs.length)
    assert.match(refs[0], /^import-[0-9a-f]{8}-p1$/)
    assert.equal(plan.limited, result.limited)
  }).timeout(60_000)

  test('the time budget ends the crawl', async ({ assert }) => {
    // The previous crawl released the conversion threads: start one before the clock runs (under
    // the TypeScript loader a thread takes seconds to start).
    await contentWorkers.terms({ texts: [] })
    const started = Date.now()
    const result = await crawl(
      `${site.origin}/docs/`,
      new MemorySink(),
      options(site, { requestTimeoutMs: 5000, timeBudgetMs: 1500 })
    )
    assert.isBelow(Date.now() - started, 4000)
    assert.isTrue(result.failures.some((failure) => failure.url.endsWith('/docs/slow')))
  }).timeout(60_000)

  test('a start URL that is not an HTML page, unreachable, missing or refused fails the crawl', async ({
    assert,
  }) => {
    const cases: Array<[string, CrawlOptions, string]> = [
      [`${site.origin}/file.json`, options(site), 'not_html'],
      [`${site.origin}/img/logo.png`, options(site), 'not_html'],
      [`${site.origin}/nope`, options(site), 'status'],
      [`${site.origin}/docs/slow`, options(site), 'unreachable'],
      [`${site.origin}/docs/huge`, options(site), 'too_large'],
      [`${site.origin}/docs/`, { guard: new SsrfGuard() }, 'refused'],
      [
        'http://127.0.0.1:1/',
        { guard: new SsrfGuard({ allowedHosts: ['127.0.0.1:1'] }), requestTimeoutMs: 1000 },
        'unreachable',
      ],
    ]
    for (const [url, crawlOptions, reason] of cases) {
      const error = await crawl(url, new MemorySink(), crawlOptions).catch((e) => e)
      assert.instanceOf(error, StartPageError, url)
      assert.equal(error.reason, reason, url)
    }
  }).timeout(60_000)

  test('a start URL redirecting sets the scope from where it lands', async ({ assert }) => {
    const result = await crawl(`${site.origin}/go`, new MemorySink(), options(site))
    assert.deepEqual(result.scope, { origin: site.origin, pathPrefix: '/docs/' })
    assert.equal(new URL(result.startUrl).pathname, '/docs/')
    assert.deepEqual(
      result.pages[0].aliases.map((url) => new URL(url).pathname),
      ['/go']
    )
    assert.lengthOf(result.pages, 6)

    const api = await crawl(`${site.origin}/docs/old`, new MemorySink(), options(site))
    assert.deepEqual(api.scope, { origin: site.origin, pathPrefix: '/docs/api/' })
    assert.lengthOf(api.pages, 1)
  }).timeout(60_000)
})

test.group('Import crawler at scale', () => {
  test('fetches several pages at once, never more than the per-host bound', async ({
    assert,
    cleanup,
  }) => {
    let inFlight = 0
    let most = 0
    const routes: Record<string, (req: any, res: any) => void> = {}
    const names = Array.from({ length: 24 }, (_, n) => `p${n}`)
    const slow = (body: string) => (_req: any, res: any) => {
      inFlight++
      most = Math.max(most, inFlight)
      setTimeout(() => {
        inFlight--
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(`<html><body><main>${body}</main></body></html>`)
      }, 60)
    }
    routes['/wide/'] = slow(names.map((name) => `<a href="${name}">${name}</a>`).join(' '))
    for (const name of names) routes[`/wide/${name}`] = slow(`<h1>${name}</h1>`)
    const site = await startTestSite(routes)
    cleanup(() => site.close())
    const result = await crawl(`${site.origin}/wide/`, new MemorySink(), {
      ...options(site),
      concurrency: 8,
      perHost: 3,
    })
    assert.lengthOf(result.pages, 25)
    assert.equal(most, 3, 'three requests at once on the one host')
  }).timeout(60_000)

  test('sanitizes SVG figures once the pages are converted, leaving no temporary file', async ({
    assert,
    cleanup,
  }) => {
    const svg = (body: string) => (_req: any, res: any) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml' })
      res.end(body)
    }
    const site = await startTestSite({
      '/fig/': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(
          '<main><h1>Figures</h1><p><a href="more">More</a></p>' +
            '<img src="flow.svg" alt="Flow"><img src="junk.svg" alt="Junk"></main>'
        )
      },
      '/fig/more': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<main><h1>More</h1><img src="flow.svg" alt="Flow again"></main>')
      },
      '/fig/flow.svg': svg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">' +
          '<script>alert(2)</script><rect width="40" height="20"/></svg>'
      ),
      '/fig/junk.svg': svg('not a drawing <b>at all</b>'),
    })
    cleanup(() => site.close())
    const temporary = useOwnTmpdir('bindery-crawl-test-')
    cleanup(temporary.remove)
    const sink = new MemorySink()
    const result = await crawl(`${site.origin}/fig/`, sink, options(site))
    temporary.restore()

    assert.lengthOf(result.pages, 2)
    assert.deepEqual(
      result.images.map((image) => [new URL(image.url).pathname, image.contentType]),
      [['/fig/flow.svg', 'image/svg+xml']]
    )
    const kept = Buffer.from(sink.blobs.get(result.images[0].blob)!).toString('utf8')
    assert.include(kept, '<rect')
    assert.notInclude(kept, 'onload')
    assert.notInclude(kept, 'script')
    assert.equal(result.images[0].size, Buffer.byteLength(kept))
    assert.deepEqual(result.images[0].dimensions, { width: 40, height: 20 })
    assert.deepEqual(
      result.failures.map((failure) => [failure.kind, new URL(failure.url).pathname]),
      [['image', '/fig/junk.svg']]
    )
    assert.match(result.failures[0].reason, /no drawable SVG/)
    // 2 pages + 2 images, the figure fetched once.
    assert.equal(result.totalResources, 4)
    assert.equal(site.requests.filter((path) => path === '/fig/flow.svg').length, 1)
    assert.deepEqual(readdirSync(temporary.directory), [])
  }).timeout(60_000)

  test('stores each page as it arrives and keeps only a small record of it', async ({
    assert,
    cleanup,
  }) => {
    const sink = new MemorySink()
    const names = Array.from({ length: 20 }, (_, n) => `p${n}`)
    let storedBeforeLast = -1
    const filler = `<p>${'lorem ipsum dolor sit amet '.repeat(400)}</p>`
    const routes: Record<string, (req: any, res: any) => void> = {
      '/big/': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(
          `<main><h1>Home</h1>${names.map((name) => `<a href="${name}">${name}</a>`).join(' ')}</main>`
        )
      },
    }
    names.forEach((name, n) => {
      routes[`/big/${name}`] = (_req, res) => {
        if (n === names.length - 1) storedBeforeLast = sink.documents.size
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(`<main><h1>${name}</h1><p>Page ${name}.</p>${filler.repeat(4)}</main>`)
      }
    })
    const site = await startTestSite(routes)
    cleanup(() => site.close())
    const result = await crawl(`${site.origin}/big/`, sink, {
      ...options(site),
      concurrency: 2,
      perHost: 2,
    })
    assert.lengthOf(result.pages, 21)
    // Pages were stored while the crawl went on, not held until its end.
    assert.isAtLeast(storedBeforeLast, 15)
    // What the crawl hands back is a record per page (its document's hash), never its content.
    const kept = JSON.stringify(result).length
    const content = [...sink.documents.values()].reduce((sum, markdown) => sum + markdown.length, 0)
    assert.isBelow(kept, content / 20)
    assert.isTrue(result.pages.every((page) => /^[0-9a-f]{64}$/.test(page.document ?? '')))
  }).timeout(60_000)
})
