import http from 'node:http'
import { createHash } from 'node:crypto'
import type { ImportSink } from '#content/import/types'
import type { DocumentFacts } from '#content/import/page_worker'
import type { AddressInfo } from 'node:net'

/** A real 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)

export interface TestSite {
  origin: string
  port: number
  /** Paths requested so far, in order. */
  requests: string[]
  close(): Promise<void>
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

function page(title: string, body: string, head = '') {
  return `<!doctype html><html><head><title>${title} | Docs</title>${head}</head><body>
<header><a href="/docs/">Docs home</a></header>
<nav><a href="/docs/guide">Guide</a> <a href="/docs/api">API</a></nav>
<main>${body}</main>
<footer>© Example <a href="/legal">Legal</a></footer>
<script>console.log('tracking')</script>
</body></html>`
}

/**
 * Routes of a site whose pages all live at paths with a trailing slash (`/site/s0/`, `/site/s0/p1/`,
 * ...) and link to each other relatively (`p1/`, `../p2/`, `sub/`): fetched without the slash they
 * are 404s. `/site/s0/moved` redirects to `/site/s0/moved/`, linked both ways.
 */
export function trailingSlashRoutes(children = 30): Record<string, Handler> {
  const html = (body: string) => (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html><head><title>${body.match(/<h1>(.*?)</)?.[1]}</title></head>
<body><main>${body}</main></body></html>`)
  }
  const names = Array.from({ length: children }, (_, n) => `p${n}`)
  const routes: Record<string, Handler> = {
    '/site/s0/': html(
      `<h1>Start</h1><ul>${names.map((name) => `<li><a href="${name}/">${name}</a></li>`).join('')}
<li><a href="moved">Moved</a></li><li><a href="moved/">Moved again</a></li></ul>`
    ),
    '/site/s0/moved': (_req, res) => {
      res.writeHead(301, { location: '/site/s0/moved/' })
      res.end()
    },
    '/site/s0/moved/': html('<h1>Moved</h1><p><a href="../">Start</a></p>'),
  }
  names.forEach((name, n) => {
    const next = names[(n + 1) % names.length]
    routes[`/site/s0/${name}/`] = html(
      `<h1>Page ${name}</h1><p><a href="../">Start</a>, next <a href="../${next}/">${next}</a>` +
        (n === 0 ? `, <a href="sub/">deeper</a>` : '') +
        '</p>'
    )
  })
  routes['/site/s0/p0/sub/'] = html('<h1>Deeper</h1><p><a href="../../p1/">p1</a></p>')
  return routes
}

/**
 * A tiny documentation site on 127.0.0.1 (random port): nested pages, an image, links out of the
 * crawl's scope, a redirect, a 404, a page larger than the tests' limit, a page slower than their
 * timeout, and a page loop.
 */
export async function startTestSite(extra: Record<string, Handler> = {}): Promise<TestSite> {
  const requests: string[] = []
  const html = (res: http.ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(body)
  }
  const routes: Record<string, Handler> = {
    '/docs/': (_req, res) =>
      html(
        res,
        page(
          'Welcome',
          `<h1>Welcome</h1>
<p>Start with the <a href="guide">guide</a> or read about <a href="/docs/guide/install#requirements">installing</a>.</p>
<ul><li><a href="/docs/api">API</a></li><li><a href="/outside/page">Outside</a></li>
<li><a href="https://example.com/elsewhere">Elsewhere</a></li><li><a href="/docs/missing">Missing</a></li>
<li><a href="/docs/huge">Huge</a></li><li><a href="/docs/slow">Slow</a></li><li><a href="/docs/old">Old</a></li>
<li><a href="/docs/loop-a?ref=home">Loop</a></li><li><a href="/docs/manual.pdf">PDF</a></li></ul>
<p><img src="/img/logo.png" alt="Logo"> <img src="/docs/missing.png" alt="Gone"></p>`
        )
      ),
    '/docs/guide': (_req, res) =>
      html(
        res,
        page(
          'Guide',
          `<article><h1>The guide</h1><p>Some <strong>bold</strong> and <em>italic</em> text.</p>
<h2>Steps</h2><ul><li>First</li><li>Second</li></ul>
<pre><code class="language-js">const answer = 42
console.log(answer)</code></pre>
<p>Next: <a href="./guide/install">Install</a>, back <a href="/docs/">home</a>, <a href="#steps">steps</a>.</p></article>`
        )
      ),
    '/docs/guide/install': (_req, res) =>
      html(
        res,
        page(
          'Install',
          `<h1>Install</h1><ol><li>Download</li><li>Run</li></ol>
<table><thead><tr><th>OS</th><th>Command</th></tr></thead><tbody><tr><td>Linux</td><td><code>apt install x</code></td></tr></tbody></table>
<p><img src="../../img/logo.png" alt="Logo again"></p><p>See <a href="/outside/page">outside</a>.</p>`
        )
      ),
    '/docs/api': (_req, res) =>
      html(res, page('API reference', '<p>No heading here, only a paragraph.</p>')),
    '/docs/old': (_req, res) => {
      res.writeHead(301, { location: '/docs/api' })
      res.end()
    },
    '/go': (_req, res) => {
      res.writeHead(302, { location: '/docs/' })
      res.end()
    },
    '/docs/loop-a': (_req, res) =>
      html(res, page('A', '<h1>Loop A</h1><p><a href="/docs/loop-b">to B</a></p>')),
    '/docs/loop-b': (_req, res) =>
      html(res, page('B', '<h1>Loop B</h1><p><a href="/docs/loop-a">to A</a></p>')),
    '/docs/huge': (_req, res) => {
      // Chunked, no Content-Length: the reader must stop by itself.
      res.writeHead(200, { 'content-type': 'text/html' })
      const chunk = `<p>${'x'.repeat(16 * 1024)}</p>`
      let sent = 0
      const write = () => {
        while (sent < 64) {
          sent++
          if (!res.write(chunk)) return res.once('drain', write)
        }
        res.end()
      }
      write()
    },
    '/docs/slow': (_req, res) => {
      const timer = setTimeout(() => html(res, page('Slow', '<h1>Slow</h1>')), 5000)
      res.on('close', () => clearTimeout(timer))
    },
    '/img/logo.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': TINY_PNG.length })
      res.end(TINY_PNG)
    },
    '/file.json': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    },
    ...extra,
  }
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    requests.push(path)
    const route = routes[path]
    if (route) return route(req, res)
    res.writeHead(404, { 'content-type': 'text/html' })
    res.end('<h1>Not found</h1>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An import sink in memory (unit tests of the crawler): documents and blobs by their sha256. */
export class MemorySink implements ImportSink {
  documents = new Map<string, string>()
  facts = new Map<string, DocumentFacts>()
  blobs = new Map<string, Uint8Array>()

  async storeDocument(markdown: string, facts: DocumentFacts) {
    const hash = createHash('sha256').update(markdown).digest('hex')
    this.documents.set(hash, markdown)
    this.facts.set(hash, facts)
    return hash
  }

  async readStored(hashes: string[]) {
    const stored = new Map<string, { markdown: string; facts: DocumentFacts }>()
    for (const hash of hashes) {
      const markdown = this.documents.get(hash)
      const facts = this.facts.get(hash)
      if (markdown !== undefined && facts !== undefined) stored.set(hash, { markdown, facts })
    }
    return stored
  }

  async storeRewritten(markdown: string, facts: DocumentFacts) {
    return this.storeDocument(markdown, facts)
  }

  async storeBlob(bytes: Uint8Array) {
    const hash = createHash('sha256').update(bytes).digest('hex')
    this.blobs.set(hash, bytes)
    return hash
  }

  async flush() {}

  /** The markdown of a crawled page. */
  markdownOf(crawled: { document: string | null }) {
    return crawled.document === null ? '' : this.documents.get(crawled.document)!
  }
}
