/*
| A generated static documentation site served from the bench process (node:http on 127.0.0.1), for
| the website-import figures of the content bench. Same tree shape and text as the authored pages:
| a home page at /docs/, then sections of 100 pages (a section page, 9 chapters, 10 topics under
| each chapter) at /docs/section-N/chapter-C/topic-P, cut at `pages` pages in all (home included,
| so 5,000 pages are 50 sections, the last one a topic short). Each page has headings, paragraphs,
| a list, code and links to its section, to the previous topic, to a related page and to an
| external site; a <nav> links to the page's children so a crawler reaches every page.
|
| A few pages carry marked text for the search figures: every 97th page a CJK paragraph
| (`CJK_QUERY` matches it), every 1,000th page the rare word `RARE_WORD`.
*/
import { createServer } from 'node:http'
import { WORDS, generator } from './words.js'

export const RARE_WORD = 'zirconium'
export const CJK_QUERY = '検索エンジン'
const CJK_PARAGRAPH =
  '検索エンジンの設定について説明します。全文検索は日本語のページにも対応しています。'

const CHAPTERS = 9
const TOPICS = 10

const escape = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The planned pages, in breadth-first-ish order, each `{path, title, section, previous, children}`. */
export function sitePages(count) {
  const pages = [{ path: '/docs/', title: 'Bench documentation', children: [] }]
  const home = pages[0]
  for (let s = 1; pages.length < count; s++) {
    const sectionPath = `/docs/section-${s}`
    const section = {
      path: sectionPath,
      title: `Section ${s}: ${WORDS[(s - 1) % WORDS.length]} handbook`,
      section: sectionPath,
      children: [],
    }
    pages.push(section)
    home.children.push(section)
    for (let c = 1; c <= CHAPTERS && pages.length < count; c++) {
      const chapterPath = `${sectionPath}/chapter-${c}`
      const chapter = {
        path: chapterPath,
        title: `Chapter ${c} of section ${s}`,
        section: sectionPath,
        previous: c > 1 ? `${sectionPath}/chapter-${c - 1}` : undefined,
        children: [],
      }
      pages.push(chapter)
      section.children.push(chapter)
      for (let p = 1; p <= TOPICS && pages.length < count; p++) {
        const topic = {
          path: `${chapterPath}/topic-${p}`,
          title: `Topic ${p} in chapter ${c}.${s}`,
          section: sectionPath,
          previous: p > 1 ? `${chapterPath}/topic-${p - 1}` : undefined,
          children: [],
        }
        pages.push(topic)
        chapter.children.push(topic)
      }
    }
  }
  return pages
}

function pageHtml(page, index, pages) {
  const random = generator(1000 + index)
  const related = pages[Math.floor(random.next() * pages.length)].path
  const link = (href, text) => `<a href="${escape(href)}">${escape(text)}</a>`
  const nav = page.children.map((child) => `<li>${link(child.path, child.title)}</li>`).join('')
  const extra = []
  if (index % 97 === 5) extra.push(`<p>${CJK_PARAGRAPH}</p>`)
  if (index % 1000 === 7) extra.push(`<p>The ${RARE_WORD} setting is rarely needed.</p>`)
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)} · Bench docs</title></head>
<body>
<header>${link('/docs/', 'Bench docs')}</header>
<nav><ul>${nav}</ul></nav>
<main>
<h1>${escape(page.title)}</h1>
<p>${random.paragraph(3)}${page.section ? ` Start from ${link(page.section, 'the section overview')}.` : ''}</p>
<h2>Details</h2>
<p>${random.paragraph(4)}${page.previous ? ` Read ${link(page.previous, 'the previous topic')} first.` : ''}</p>
<ul><li>${random.sentence(6)}</li><li>${random.sentence(7)} See ${link(related, 'a related topic')}.</li></ul>
${extra.join('\n')}
<h2>Reference</h2>
<p>${random.paragraph(2)} Run <code>bindery ${random.pick(WORDS)}</code> with <strong>${random.pick(WORDS)}</strong> set; more on ${link(`https://example.com${page.path}`, 'the site')}.</p>
</main>
<footer>Generated for the Bindery bench.</footer>
</body></html>
`
}

/**
 * Serves `count` generated pages on 127.0.0.1:`port` (0: any free port). Resolves
 * `{url, port, pages, served(), close()}`; `url` is the start page.
 */
export async function serveSite(count, port = 0) {
  const pages = sitePages(count)
  const bodies = new Map(
    pages.map((page, index) => [
      page.path.replace(/\/$/, '') || '/',
      Buffer.from(pageHtml(page, index, pages)),
    ])
  )
  let served = 0
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname.replace(/\/(index\.html)?$/, '') || '/'
    const body = bodies.get(path === '' ? '/' : path) ?? bodies.get(`${path}`)
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    served++
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
      .end(body)
  })
  await new Promise((resolve, reject) =>
    server.once('error', reject).listen(port, '127.0.0.1', resolve)
  )
  const actual = server.address().port
  return {
    url: `http://127.0.0.1:${actual}/docs/`,
    port: actual,
    pages,
    served: () => served,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
