/*
| A generated documentation manual served from the bench process (node:http on 127.0.0.1), built to
| look like what Sphinx, MkDocs or Docusaurus publish, for the import-run bench (bench/import.js):
|
| - /manual/index.html, then sections /manual/s<N>/index.html of 49 pages /manual/s<N>/p<M>.html
|   (2,000 pages: 40 sections), every page with a sidebar table of contents (the sections, the
|   current section expanded), a header, breadcrumbs, a footer, "previous/next" buttons, inline
|   scripts and styles: the chrome real sites carry (each page 20–200 KB of HTML in all);
| - index pages (the manual's, each part's) opening with their table of contents: links to the
|   pages they hold, whose titles search ranking must put first (manualRankingQueries);
| - content of headings with ids, paragraphs with inline code and links to other pages and their
|   anchors, code blocks with their language, tables (some with merged cells), figures (PNG and
|   SVG), admonitions and definition lists;
| - 40 PNG and 20 SVG figures under /manual/_images/.
|
| Every page is generated from its index with a seeded generator: the same site on every run.
*/
import { createServer } from 'node:http'
import { deflateSync } from 'node:zlib'
import { WORDS, generator } from './words.js'

const SECTIONS_PAGES = 49
const PNG_COUNT = 40
const SVG_COUNT = 20
const LANGUAGES = ['python', 'javascript', 'shell', 'go', 'yaml', 'json', 'rust', 'sql']

/** Paths of the manual's pages, in table-of-contents order (the index first). */
export function manualPages(count) {
  const pages = [{ path: '/manual/index.html', title: 'The Bench Manual', section: 0 }]
  for (let s = 1; pages.length < count; s++) {
    pages.push({
      path: `/manual/s${s}/index.html`,
      title: `Part ${s}: ${WORDS[s % WORDS.length]}`,
      section: s,
    })
    for (let p = 1; p <= SECTIONS_PAGES && pages.length < count; p++) {
      pages.push({
        path: `/manual/s${s}/p${p}.html`,
        title: `${WORDS[(s * 7 + p) % WORDS.length]} ${WORDS[(s + p * 3) % WORDS.length]} (${s}.${p})`,
        section: s,
      })
    }
  }
  return pages
}

/**
 * Queries whose right answers the manual's structure gives: a word that titles a part (so the
 * part's index page is titled with it and lists the part's pages) and at least `least` content
 * pages (not index pages); the right answers are the content pages whose title holds the word.
 * Index pages list the word many times over; a search that finds what a reader means puts the
 * pages titled with it first. At most `count` queries, the parts in order.
 */
export function manualRankingQueries(pages, count = 6, least = 5) {
  const titleWords = (title) =>
    new Set(
      title
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter(Boolean)
    )
  const content = pages.filter((page) => !page.path.endsWith('/index.html'))
  const queries = []
  for (const part of pages.filter((page) => page.path.endsWith('/index.html') && page.section)) {
    const word = WORDS[part.section % WORDS.length]
    const relevant = content.filter((page) => titleWords(page.title).has(word))
    if (relevant.length >= least && !queries.some((query) => query.query === word))
      queries.push({ query: word, relevant: relevant.map((page) => page.title) })
    if (queries.length === count) break
  }
  return queries
}

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function pageHtml(pages, index) {
  const page = pages[index]
  const random = generator(7919 * (index + 1))
  const pick = random.pick
  const int = (min, max) => min + Math.floor(random.next() * (max - min + 1))
  const other = () => pages[Math.floor(random.next() * pages.length)]
  const href = (target) => target.path
  const anchorOf = (target, n) => `topic-${(pages.indexOf(target) + n) % 6}`
  const inline = () => {
    const target = other()
    const parts = [
      random.paragraph(int(2, 4)),
      ` Use <code>${pick(WORDS)}_${pick(WORDS)}()</code> with <strong>${pick(WORDS)}</strong>.`,
      ` See <a href="${href(target)}">${escape(target.title)}</a>`,
      random.next() < 0.5
        ? `, and <a href="${href(target)}#${anchorOf(target, 1)}">its details</a>.`
        : '.',
    ]
    return `<p>${parts.join('')}</p>`
  }
  const blocks = []
  const target = 20_000 + Math.floor(random.next() ** 2 * 150_000)
  let size = 0
  let headings = 0
  const add = (html) => {
    blocks.push(html)
    size += html.length
  }
  // An index page opens with its table of contents, as Sphinx's toctree writes it: links to every
  // page of its part (the manual's index: to every page). Search must rank it below the pages it
  // lists (see manualRankingQueries).
  if (page.path.endsWith('/index.html')) {
    const listed = pages.filter(
      (candidate) =>
        candidate !== page && (page.section === 0 || candidate.section === page.section)
    )
    add(
      `<div class="toctree-wrapper compound"><ul>${listed
        .map(
          (candidate) =>
            `<li class="toctree-l1"><a class="reference internal" href="${href(candidate)}">${escape(candidate.title)}</a></li>`
        )
        .join('')}</ul></div>`
    )
  }
  add(inline())
  while (size < target * 0.6) {
    const roll = random.next()
    if (roll < 0.12 && headings < 6) {
      add(
        `<section id="topic-${headings}"><h2>${escape(random.sentence(4).slice(0, -1))}<a class="headerlink" href="#topic-${headings}">¶</a></h2>`
      )
      headings++
      add(inline())
      add('</section>')
    } else if (roll < 0.4) add(inline())
    else if (roll < 0.55) {
      const language = pick(LANGUAGES)
      const lines = Array.from({ length: int(4, 30) }, () =>
        `${pick(WORDS)}_${pick(WORDS)} = ${pick(WORDS)}("${random.sentence(3)}")`.replace(
          /[<>&]/g,
          ''
        )
      )
      add(
        `<div class="highlight-${language} notranslate"><div class="highlight"><pre><span></span>${lines.join('\n')}</pre></div></div>`
      )
    } else if (roll < 0.65) {
      const columns = int(3, 6)
      const rows = Array.from(
        { length: int(3, 15) },
        (_, r) =>
          `<tr>${Array.from({ length: columns }, (_, c) =>
            r === 1 && c === 0 && random.next() < 0.3
              ? `<td rowspan="2">${pick(WORDS)}</td>`
              : r === 2 && c === 0 && blocks.at(-1)?.includes('rowspan')
                ? ''
                : `<td>${pick(WORDS)} ${int(1, 999)}</td>`
          ).join('')}</tr>`
      )
      add(
        `<table class="docutils"><thead><tr>${Array.from({ length: columns }, () => `<th>${pick(WORDS)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
      )
    } else if (roll < 0.72) {
      const svg = random.next() < 0.35
      const figure = svg
        ? `/manual/_images/diagram-${int(1, SVG_COUNT)}.svg`
        : `/manual/_images/figure-${int(1, PNG_COUNT)}.png`
      add(
        `<figure class="align-center"><img src="${figure}" alt="${pick(WORDS)} figure"><figcaption><p>${escape(random.sentence(6))}</p></figcaption></figure>`
      )
    } else if (roll < 0.8) {
      const kind = pick(['note', 'warning', 'tip', 'danger'])
      add(
        `<div class="admonition ${kind}"><p class="admonition-title">${kind[0].toUpperCase()}${kind.slice(1)}</p><p>${random.paragraph(2)}</p></div>`
      )
    } else if (roll < 0.88) {
      add(
        `<dl class="simple">${Array.from({ length: int(2, 6) }, () => `<dt><code>--${pick(WORDS)}</code></dt><dd><p>${random.sentence(8)}</p></dd>`).join('')}</dl>`
      )
    } else {
      add(
        `<ul>${Array.from({ length: int(3, 8) }, () => `<li>${random.sentence(7)}</li>`).join('')}</ul>`
      )
    }
  }

  const sections = pages.filter(
    (candidate) => candidate.path.endsWith('/index.html') && candidate.section > 0
  )
  const toc = sections
    .map((section) => {
      const current = section.section === page.section
      const children = current
        ? `<ul>${pages
            .filter((candidate) => candidate.section === section.section && candidate !== section)
            .map(
              (candidate) =>
                `<li class="toctree-l2"><a class="reference internal" href="${href(candidate)}">${escape(candidate.title)}</a></li>`
            )
            .join('')}</ul>`
        : ''
      return `<li class="toctree-l1${current ? ' current' : ''}"><a class="reference internal" href="${href(section)}">${escape(section.title)}</a>${children}</li>`
    })
    .join('')
  const previous = pages[index - 1]
  const next = pages[index + 1]
  const script = `var DOCUMENTATION_OPTIONS = ${JSON.stringify({ VERSION: '1.0', words: Array.from({ length: int(200, 1500) }, () => pick(WORDS)) })};`
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)} — Bench Manual 1.0</title>
<style>${'.wy-nav-side{position:fixed} .rst-content .highlight pre{overflow:auto} '.repeat(int(20, 120))}</style>
<script>${script}</script></head>
<body class="wy-body-for-nav"><div class="wy-grid-for-nav">
<nav class="wy-nav-side" data-toggle="wy-nav-shift"><div class="wy-side-scroll"><div class="wy-side-nav-search"><a href="/manual/index.html">Bench Manual</a>
<div role="search"><form id="rtd-search-form" action="/manual/search.html"><input type="text" name="q"></form></div></div>
<div class="wy-menu wy-menu-vertical" role="navigation" aria-label="Navigation menu"><ul class="current">${toc}</ul></div></div></nav>
<section class="wy-nav-content-wrap"><div class="wy-nav-content"><div class="rst-content">
<div role="navigation" aria-label="breadcrumbs"><ul class="wy-breadcrumbs"><li><a href="/manual/index.html">Docs</a> »</li><li>${escape(page.title)}</li></ul></div>
<div class="document" itemscope itemtype="http://schema.org/Article"><div itemprop="articleBody">
<section id="page-${index}"><h1>${escape(page.title)}<a class="headerlink" href="#page-${index}">¶</a></h1>
${blocks.join('\n')}
</section></div></div>
<footer><div class="rst-footer-buttons" role="navigation" aria-label="Footer">${previous ? `<a href="${href(previous)}" class="btn btn-neutral float-left" rel="prev">Previous</a>` : ''}${next ? `<a href="${href(next)}" class="btn btn-neutral float-right" rel="next">Next</a>` : ''}</div>
<hr/><div role="contentinfo"><p>© Copyright the Bench authors.</p></div>Built with Sphinx.</footer>
</div></div></section></div>
<script>${'jQuery(function () { SphinxRtdTheme.Navigation.enable(true); });\n'.repeat(int(10, 80))}</script>
</body></html>
`
}

/** A PNG of `width`×`height` (RGB, filtered rows of a seeded pattern): real bytes, real dimensions. */
function png(seed, width = 320, height = 200) {
  const random = generator(seed)
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  const raw = Buffer.alloc((width * 3 + 1) * height)
  const base = [random.next() * 255, random.next() * 255, random.next() * 255]
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3
      const noise = random.next() * 40
      raw[at] = (base[0] + x + noise) & 0xff
      raw[at + 1] = (base[1] + y + noise) & 0xff
      raw[at + 2] = (base[2] + x * y * 0.01) & 0xff
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function svg(seed) {
  const random = generator(seed)
  const shapes = Array.from(
    { length: 40 },
    (_, n) =>
      `<rect x="${Math.round(random.next() * 300)}" y="${Math.round(random.next() * 180)}" width="40" height="20" fill="#${Math.floor(
        random.next() * 0xffffff
      )
        .toString(16)
        .padStart(
          6,
          '0'
        )}"/><text x="${n * 7}" y="${10 + (n % 18) * 10}">${random.pick(WORDS)}</text>`
  ).join('')
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" onload="alert(1)"><script>alert(1)</script>${shapes}</svg>`
  )
}

/**
 * Serves the manual (`count` pages) on 127.0.0.1:`port`, generating each page when asked (nothing
 * is held but the images). Resolves `{url, port, pages, served(), inFlightMax(), close()}`.
 */
export async function serveManual(count, port = 0) {
  const pages = manualPages(count)
  const byPath = new Map(pages.map((page, index) => [page.path, index]))
  const images = new Map()
  for (let n = 1; n <= PNG_COUNT; n++)
    images.set(`/manual/_images/figure-${n}.png`, ['image/png', png(n)])
  for (let n = 1; n <= SVG_COUNT; n++)
    images.set(`/manual/_images/diagram-${n}.svg`, ['image/svg+xml', svg(n)])
  let served = 0
  let inFlight = 0
  let inFlightMax = 0
  const server = createServer((request, response) => {
    inFlight++
    inFlightMax = Math.max(inFlightMax, inFlight)
    response.on('close', () => inFlight--)
    let path = new URL(request.url, 'http://x').pathname
    if (path.endsWith('/')) path += 'index.html'
    const image = images.get(path)
    if (image) {
      served++
      response
        .writeHead(200, { 'content-type': image[0], 'content-length': image[1].length })
        .end(image[1])
      return
    }
    const index = byPath.get(path)
    if (index === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    served++
    const body = Buffer.from(pageHtml(pages, index))
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
      .end(body)
  })
  await new Promise((resolve, reject) =>
    server.once('error', reject).listen(port, '127.0.0.1', resolve)
  )
  const actual = server.address().port
  return {
    url: `http://127.0.0.1:${actual}/manual/index.html`,
    port: actual,
    pages,
    /** Average and extremes of the generated pages' HTML sizes (a sample of 100). */
    sizes() {
      const sample = Array.from({ length: Math.min(100, pages.length) }, (_, n) =>
        Buffer.byteLength(
          pageHtml(pages, Math.floor((n * pages.length) / Math.min(100, pages.length)))
        )
      )
      return {
        min: Math.min(...sample),
        max: Math.max(...sample),
        mean: sample.reduce((a, b) => a + b, 0) / sample.length,
      }
    },
    served: () => served,
    inFlightMax: () => inFlightMax,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  }
}
