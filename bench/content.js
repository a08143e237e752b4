/*
| The content bench: a 5,000-page space built through the HTTP API, then the cost of authoring one
| page on it, of reading it back and of searching it.
|
|   node bench/content.js                 SQLite (a fresh tmp/bench-content.sqlite3)
|   node bench/content.js --mysql         MySQL/MariaDB (database bindery_bench_content, recreated)
|   node bench/content.js --runs=30 --sections=50
|
| `npm run bench` runs it too, after the hot reads, on the same server (`--no-content` skips it).
| It prints figures and exits 0; nothing is asserted. A read route that answers 404 (not there yet)
| prints "not available" instead of a figure.
*/
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { benchSetup, freshDatabase, ms, openDatabase, parseArgs, quantile, rssMiB, startServer } from './server.js'

const BATCH = 50
const CHAPTERS = 9
const PAGES_PER_CHAPTER = 10

const WORDS = (
  'api access account admin billing branch cache change client cluster config content deploy ' +
  'domain editor endpoint environment export feature file guide history import index install ' +
  'integration invoice layout limit markdown member merge metric migrate monitor network node ' +
  'notice organization page permission pipeline plan policy preview project query queue ' +
  'release request review role rollback runtime schema search secret server session setting ' +
  'snapshot space storage subscription sync team template token trigger upgrade upload user ' +
  'variable version webhook workflow workspace'
).split(' ')

/** A small seeded generator, so every run builds the same space. */
function generator(seed) {
  let state = seed >>> 0
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
  const pick = (list) => list[Math.floor(next() * list.length)]
  const sentence = (length) => {
    const words = Array.from({ length }, () => pick(WORDS))
    return words[0][0].toUpperCase() + words.join(' ').slice(1) + '.'
  }
  const paragraph = (sentences) => Array.from({ length: sentences }, () => sentence(6 + Math.floor(next() * 10))).join(' ')
  return { next, pick, sentence, paragraph }
}

/**
 * The 5,000 pages in insertion order: per section a section page, 9 chapters under it and 10 pages
 * under each chapter (3 levels, 100 pages).
 */
function plannedPages(sections) {
  const pages = []
  for (let s = 0; s < sections; s++) {
    pages.push({ ref: `s${s}`, title: `Section ${s + 1}: ${WORDS[s % WORDS.length]} handbook`, section: `s${s}` })
    for (let c = 0; c < CHAPTERS; c++) {
      pages.push({ ref: `s${s}c${c}`, parent: `s${s}`, title: `Chapter ${c + 1} of section ${s + 1}`, section: `s${s}`, previous: c > 0 ? `s${s}c${c - 1}` : undefined })
    }
    for (let c = 0; c < CHAPTERS; c++) {
      for (let p = 0; p < PAGES_PER_CHAPTER; p++) {
        pages.push({
          ref: `s${s}c${c}p${p}`,
          parent: `s${s}c${c}`,
          title: `Topic ${p + 1} in chapter ${c + 1}.${s + 1}`,
          section: `s${s}`,
          previous: p > 0 ? `s${s}c${c}p${p - 1}` : undefined,
        })
      }
    }
  }
  return pages
}

/** A page of a few paragraphs, two headings and links to other pages (by ref or by id). */
function pageMarkdown(page, link, random, edition = 0) {
  const section = link(page.section)
  const previous = page.previous ? link(page.previous) : undefined
  const related = link(undefined)
  const lines = [
    `# ${page.title}`,
    '',
    `${random.paragraph(3)} Start from [the section overview](${section}).`,
    '',
    '## Details',
    '',
    `${random.paragraph(4)}${previous ? ` Read [the previous topic](${previous}) first.` : ''}`,
    '',
    `- ${random.sentence(6)}`,
    `- ${random.sentence(7)} See [a related topic](${related}).`,
    '',
    '## Reference',
    '',
    `${random.paragraph(2)} Run \`bindery ${random.pick(WORDS)}\` with **${random.pick(WORDS)}** set; more on [the site](https://example.com/docs/${page.ref}).`,
  ]
  if (edition) lines.push('', `Edited ${edition}: ${random.paragraph(2)}`)
  return lines.join('\n') + '\n'
}

async function request(base, token, method, path, body) {
  const started = performance.now()
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await response.text()
  const elapsed = performance.now() - started
  let json
  try {
    json = JSON.parse(text)
  } catch {}
  return { status: response.status, json, text, elapsed }
}

function expectOk(answer, what) {
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${what} answered ${answer.status}: ${answer.text.slice(0, 500)}`)
  }
  return answer.json
}

/**
 * Runs `call` `runs` times (sequentially) and summarizes; "not available" when the first answer is
 * a 404 (the route is not there yet), "error NNN" for any other non-2xx answer. `accept(answer)` may
 * refuse a 200 (e.g. a search without hits) with a reason.
 */
async function measure(name, runs, call, accept = () => null) {
  const times = []
  for (let i = 0; i < runs; i++) {
    const answer = await call(i)
    if (answer.status === 404 && i === 0) return { figure: name, result: 'not available (404)' }
    if (answer.status < 200 || answer.status >= 300) {
      return { figure: name, result: `error ${answer.status}: ${answer.text.slice(0, 80)}` }
    }
    const refused = accept(answer)
    if (refused) return { figure: name, result: `not available (${refused})` }
    times.push(answer.elapsed)
  }
  return {
    figure: name,
    result: `${runs} runs`,
    'first ms': ms(times[0]),
    'median ms': ms(quantile(times, 0.5)),
    'p95 ms': ms(quantile(times, 0.95)),
  }
}

/**
 * The content bench against a running server. `setup` is from benchSetup (for direct row counts);
 * `organizationId` receives the new space. Prints a table and returns its rows.
 */
export async function runContentBench({ base, token, organizationId, setup, serverPid, sections = 50, runs = 30 }) {
  const database = await openDatabase(setup)
  const random = generator(42)
  const rows = []
  const pageCount = (sections * (1 + CHAPTERS * (1 + PAGES_PER_CHAPTER))).toLocaleString('en')
  try {
    const space = expectOk(
      await request(base, token, 'POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Content bench' }),
      'creating the space'
    )
    const changeRequest = expectOk(
      await request(base, token, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: '5,000 pages' }),
      'opening the change request'
    )
    const content = `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content`

    // 1. Build: batches of 50 insert_page; parents and links use refs inside a batch, ids across.
    const planned = plannedPages(sections)
    const ids = new Map()
    const batchTimes = []
    const buildStarted = performance.now()
    for (let start = 0; start < planned.length; start += BATCH) {
      const batch = planned.slice(start, start + BATCH)
      const inBatch = new Set(batch.map((page) => page.ref))
      const known = [...ids.values()]
      const link = (ref) => {
        if (ref === undefined) {
          // A page of an earlier batch, when there is one, else the first page of this batch.
          return known.length ? `/pages/${known[Math.floor(random.next() * known.length)]}#details` : `./${batch[0].ref}`
        }
        return inBatch.has(ref) ? `./${ref}` : `/pages/${ids.get(ref)}`
      }
      const changes = batch.map((page) => ({
        operation: 'insert_page',
        ref: page.ref,
        ...(page.parent ? { into: inBatch.has(page.parent) ? page.parent : ids.get(page.parent) } : {}),
        document: { markdown: pageMarkdown(page, link, random) },
      }))
      const answer = await request(base, token, 'POST', `${content}?compat=false`, { changes })
      const body = expectOk(answer, `batch ${start / BATCH + 1}`)
      batchTimes.push(answer.elapsed)
      for (const change of body.changes) if (change.ref) ids.set(change.ref, change.page.id)
    }
    const buildSeconds = (performance.now() - buildStarted) / 1000
    const objectsAfterBuild = await database.count('SELECT COUNT(*) FROM content_objects WHERE space_id = ?', [space.id])
    rows.push({
      figure: `build ${pageCount} pages (${batchTimes.length} batches of ${BATCH} insert_page)`,
      result: `${buildSeconds.toFixed(1)} s total, ${objectsAfterBuild} content_objects rows`,
      'first ms': ms(batchTimes[0]),
      'median ms': ms(quantile(batchTimes, 0.5)),
      'p95 ms': ms(quantile(batchTimes, 0.95)),
    })

    // 2. One-page edits on the 5,000-page change request, with rows written per revision.
    const deepRefs = planned.filter((page) => /p\d+$/.test(page.ref))
    const editTimes = []
    const objectRows = []
    const revisionRows = []
    const countRows = async () => [
      await database.count('SELECT COUNT(*) FROM content_objects WHERE space_id = ?', [space.id]),
      await database.count('SELECT COUNT(*) FROM revisions WHERE space_id = ?', [space.id]),
    ]
    for (let i = 0; i < runs; i++) {
      const page = deepRefs[Math.floor(random.next() * deepRefs.length)]
      const markdown = pageMarkdown(page, (ref) => (ref ? `/pages/${ids.get(ref)}` : `/pages/${ids.get('s0')}`), random, i + 1)
      const [objectsBefore, revisionsBefore] = await countRows()
      const answer = await request(base, token, 'POST', content, {
        changes: [{ operation: 'update_page', page: ids.get(page.ref), document: { markdown } }],
      })
      expectOk(answer, `edit ${i + 1}`)
      editTimes.push(answer.elapsed)
      const [objectsAfter, revisionsAfter] = await countRows()
      objectRows.push(objectsAfter - objectsBefore)
      revisionRows.push(revisionsAfter - revisionsBefore)
    }
    rows.push({
      figure: `author one page (update_page, new document) on the ${pageCount}-page change request`,
      result: `${runs} runs`,
      'first ms': ms(editTimes[0]),
      'median ms': ms(quantile(editTimes, 0.5)),
      'p95 ms': ms(quantile(editTimes, 0.95)),
    })
    rows.push({
      figure: 'rows written per one-page revision (content_objects + revisions)',
      result:
        `content_objects median ${quantile(objectRows, 0.5)} (min ${Math.min(...objectRows)}, max ${Math.max(...objectRows)}), ` +
        `revisions median ${quantile(revisionRows, 0.5)}`,
    })

    // 3. Reads and search (routes written in parallel: "not available" while they answer 404).
    const pageIds = planned.map((page) => ids.get(page.ref))
    rows.push(
      await measure('read a page (GET .../content/page/{pageId})', runs, () =>
        request(base, token, 'GET', `${content}/page/${pageIds[Math.floor(random.next() * pageIds.length)]}`)
      )
    )
    rows.push(await measure(`list pages (GET .../content/pages, ${pageCount} pages)`, runs, () => request(base, token, 'GET', `${content}/pages`)))
    rows.push(
      await measure(
        'search (GET /v1/spaces/{id}/search?query=...)',
        runs,
        (i) => request(base, token, 'GET', `/v1/spaces/${space.id}/search?query=${encodeURIComponent(WORDS[(i * 7) % WORDS.length])}`),
        (answer) => (Array.isArray(answer.json?.items) && answer.json.items.length > 0 ? null : 'no hits: the content is not merged into the space')
      )
    )
  } finally {
    await database.close()
  }

  console.log(`\nBindery content bench — ${setup.mysql ? 'MySQL' : 'SQLite'}, ${pageCount} pages, sequential requests, Node ${process.version}\n`)
  console.table(rows)
  if (serverPid) console.log(`server memory: ${rssMiB(serverPid)} MiB RSS after the content bench`)
  return rows
}

async function main() {
  const args = parseArgs()
  const setup = benchSetup(args, { port: 3398, sqlite: 'tmp/bench-content.sqlite3', database: 'bindery_bench_content' })
  const admin = freshDatabase(setup)
  const server = await startServer(setup)
  try {
    await runContentBench({
      base: setup.base,
      token: admin.token,
      organizationId: admin.organization.id,
      setup,
      serverPid: server.pid,
      sections: Number(args.sections ?? 50),
      runs: Number(args.runs ?? 30),
    })
  } finally {
    server.kill('SIGTERM')
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
