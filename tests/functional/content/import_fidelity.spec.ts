import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import { eachTestInTransaction, type Caller } from '#tests/helpers/callers'
import { startTestSite, type TestSite } from '#tests/helpers/import_site'
import { maxHealthStall } from '#tests/helpers/markdown_fixtures'
import ContentStore from '#content/services/content_store'
import { closeImportWorkers } from '#content/import/worker_pool'
import { adminSpace } from './helpers.js'

const store = new ContentStore()

/** A Sphinx-like manual: a sidebar table of contents, chrome around each page, ids on sections. */
function manualPage(title: string, body: string) {
  return `<!doctype html><html><head><title>${title} — Manual 1.0</title></head><body>
<div class="related" role="navigation"><a href="index.html">Manual 1.0</a> »</div>
<div class="sphinxsidebar" role="navigation"><ul class="current">
<li class="toctree-l1"><a href="install.html">Installing</a></li>
<li class="toctree-l1"><a href="usage.html">Using it</a></li>
<li class="toctree-l1"><a href="api.html">API</a></li></ul></div>
<div class="document"><div class="body" role="main">${body}</div></div>
<div class="footer">© The Manual authors</div>
<footer><div class="rst-footer-buttons"><a href="usage.html" class="btn">Next</a></div></footer>
</body></html>`
}

const HOSTILE_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="20" onload="alert(1)">
<script>alert(2)</script>
<a xlink:href="javascript:alert(3)"><rect width="10" height="10" fill="red"/></a>
<a href="https://evil.example/"><circle r="5" cx="20" cy="10"/></a>
<foreignObject width="10" height="10"><iframe src="https://evil.example/"></iframe></foreignObject>
<image href="https://evil.example/track.png" width="1" height="1"/>
<text x="0" y="15">Flow</text></svg>`

const MANUAL = {
  '/manual/index.html': (_req: any, res: any) =>
    html(
      res,
      manualPage(
        'Manual',
        `<section id="the-manual"><h1>The Manual<a class="headerlink" href="#the-manual">¶</a></h1>
<p>Read the <a href="api.html">API</a>, then <a href="usage.html">usage</a> and <a href="install.html">installing</a>.</p>
<figure><img src="_images/flow.svg" alt="The flow"><figcaption>How it flows</figcaption></figure></section>`
      )
    ),
  '/manual/install.html': (_req: any, res: any) =>
    html(
      res,
      manualPage(
        'Installing',
        `<section id="installing"><h1>Installing<a class="headerlink" href="#installing">¶</a></h1>
<div class="admonition warning"><p class="admonition-title">Warning</p><p>Back up first.</p></div>
<section id="linux-setup"><h2>Setting up on Linux<a class="headerlink" href="#linux-setup">¶</a></h2>
<div class="highlight-shell notranslate"><div class="highlight"><pre><span></span>sudo apt install manual</pre></div></div>
<dl class="simple"><dt>--prefix</dt><dd><p>Where it goes.</p></dd></dl>
<table class="docutils"><thead><tr><th>OS</th><th>Package</th></tr></thead>
<tbody><tr><td rowspan="2">Linux</td><td>deb</td></tr><tr><td>rpm</td></tr></tbody></table>
</section></section>`
      )
    ),
  '/manual/usage.html': (_req: any, res: any) =>
    html(
      res,
      manualPage(
        'Using it',
        `<section id="using-it"><h1>Using it</h1>
<p>First <a href="install.html#linux-setup">set it up</a>, then call <a href="api.html#manual.open"><code>open()</code></a>
(see <a href="#details">details</a>).</p><section id="details"><h2>The details</h2><p>Text.</p></section></section>`
      )
    ),
  '/manual/api.html': (_req: any, res: any) =>
    html(
      res,
      manualPage(
        'API',
        `<section id="api"><h1>API</h1><section id="functions"><h2>Functions</h2>
<dl class="py function"><dt class="sig" id="manual.open"><code>open(path)</code><a class="headerlink" href="#manual.open">¶</a></dt>
<dd><p>Opens a manual.</p></dd></dl></section></section>`
      )
    ),
  '/manual/_images/flow.svg': (_req: any, res: any) => {
    res.writeHead(200, { 'content-type': 'image/svg+xml' })
    res.end(HOSTILE_SVG)
  },
  '/hostile/big': (_req: any, res: any) =>
    html(
      res,
      `<!doctype html><html><head><title>Hostile</title></head><body><main><h1>Big</h1>${'<p>lorem ipsum dolor sit amet</p>'.repeat(33_000)}</main></body></html>`
    ),
}

function html(res: any, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
  res.end(body)
}

function get(client: ApiClient, caller: Caller, path: string, query: Record<string, unknown> = {}) {
  return client.get(`/v1${path}`).qs(query).bearerToken(caller.token)
}

test.group('Import: what a real manual holds', (group) => {
  eachTestInTransaction(group)
  let site: TestSite
  let allowed: string | undefined

  group.setup(async () => {
    site = await startTestSite(MANUAL)
    allowed = env.get('IMPORT_ALLOWED_HOSTS')
    env.set('IMPORT_ALLOWED_HOSTS', `127.0.0.1:${site.port}`)
    return async () => {
      env.set('IMPORT_ALLOWED_HOSTS', allowed ?? '')
      await site.close()
      // The threads (one of them ended mid-task) go with the group, not into the next tests.
      await closeImportWorkers()
    }
  })

  test('order, structure, code, hints, definitions, tables, figures; links and anchors resolve', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const response = await client
      .post(`/v1/spaces/${space.id}/content/import`)
      .bearerToken(admin.token)
      .json({ url: `${site.origin}/manual/index.html`, source: 'website' })
    response.assertStatus(201)
    assert.equal(response.body().importedResources, 5, JSON.stringify(response.body()))
    assert.equal(response.body().failedResources, 0)
    assert.deepEqual(response.body().errors, [])

    const tree = await store.loadTree(db.connection(), space.id, response.body().revision)
    // The start page first, then the sidebar's order, not the order the start page links in.
    assert.deepEqual(
      tree.pages.map((page) => page.node.title),
      ['The Manual', 'Installing', 'Using it', 'API']
    )
    const markdown = async (title: string) => {
      const page = [...tree.byId.values()].find((candidate) => candidate.node.title === title)!
      return store.readDocument(db.connection(), space.id, page.node.document!)
    }
    const install = await markdown('Installing')
    assert.equal(
      install,
      [
        '{% hint style="warning" %}',
        '',
        'Back up first.',
        '',
        '{% endhint %}',
        '',
        '## Setting up on Linux',
        '',
        '```shell',
        'sudo apt install manual',
        '```',
        '',
        '- **--prefix**',
        '',
        '  Where it goes.',
        '',
        '| OS | Package |',
        '| - | - |',
        '| Linux | deb |',
        '| | rpm |',
        '',
      ].join('\n')
    )
    const home = await markdown('The Manual')
    assert.notInclude(home, 'Manual 1.0', 'the breadcrumbs bar is chrome')
    assert.notInclude(home, '©', 'the footer is chrome')
    assert.notInclude(home, '¶', 'heading permalinks are chrome')
    assert.match(home, /^!\[The flow\]\(\/files\/\w{20}\)\n\n_How it flows_$/m)

    // Links between pages and to their anchors are page links link analysis finds ok.
    const usage = await markdown('Using it')
    assert.match(usage, /\[set it up\]\(\/pages\/\w{20}#setting-up-on-linux\)/)
    assert.match(usage, /\[`open\(\)`\]\(\/pages\/\w{20}#functions\)/)
    assert.include(usage, '[details](#the-details)')
    const links = await get(client, admin, `/spaces/${space.id}/links`, { limit: 100 })
    links.assertStatus(200)
    const items = links.body().items as any[]
    const kinds = items.map((item) => item.targetReference.kind)
    // Every page's links: to pages, to their anchors (in the same page and in others), the figure.
    assert.isAtLeast(kinds.filter((kind) => kind === 'page').length, 3)
    assert.isAtLeast(kinds.filter((kind) => kind === 'anchor').length, 3)
    assert.include(kinds, 'file')
    assert.deepEqual(
      items.filter((item) => item.status !== 'ok'),
      [],
      'no broken link'
    )

    // The SVG figure is kept, sanitized, and served like the other files.
    const files = await get(client, admin, `/spaces/${space.id}/content/files`)
    const svg = files.body().items.find((file: any) => file.contentType === 'image/svg+xml')
    assert.exists(svg)
    const download = new URL(svg.downloadURL)
    const served = await client.get(`${download.pathname}${download.search}`)
    served.assertStatus(200)
    assert.equal(served.header('x-content-type-options'), 'nosniff')
    assert.equal(served.header('content-security-policy'), "default-src 'none'; sandbox")
    const body = served.text() || Buffer.from(served.body()).toString('utf8')
    assert.include(body, '<text x="0" y="15">Flow</text>')
    for (const gone of ['script', 'onload', 'foreignObject', 'javascript:', 'evil.example']) {
      assert.notInclude(body, gone)
    }
  })

  test('a hostile 1 MB page fails fast as a failed page, and the server keeps answering', async ({
    client,
    assert,
  }) => {
    const { admin, space } = await adminSpace(client)
    const previous = env.get('IMPORT_PAGE_TIMEOUT')
    // A tenth of a second: the page takes 0.4–0.6 s to convert in a warm thread here (a whole
    // second was too close: a fast run converted it in time).
    env.set('IMPORT_PAGE_TIMEOUT', 0.1)
    try {
      const started = performance.now()
      const { result: response, stallMs } = await maxHealthStall(() =>
        client
          .post(`/v1/spaces/${space.id}/content/import`)
          .bearerToken(admin.token)
          .json({ url: `${site.origin}/hostile/big`, source: 'website' })
      )
      // The start page could not be converted in time: a 400 naming url, at once.
      response.assertStatus(400)
      assert.match(
        response.body().error.message,
        /url: The URL cannot be imported: .*longer than 0\.1 s/
      )
      assert.isBelow(performance.now() - started, 10_000)
      // A shared, loaded machine: far below the 30 s the conversion once held the event loop.
      assert.isBelow(stallMs, 1000)
    } finally {
      env.set('IMPORT_PAGE_TIMEOUT', previous)
      if (previous === undefined) delete process.env.IMPORT_PAGE_TIMEOUT
    }
  })
})
