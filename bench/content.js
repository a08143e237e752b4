/*
| The content bench: a 5,000-page space built through the HTTP API, then the cost of authoring one
| page on it, of reading it back and of searching it.
|
|   node bench/content.js                 SQLite (a fresh tmp/bench-content.sqlite3)
|   node bench/content.js --mysql         MySQL/MariaDB (database bindery_bench_content, recreated)
|   node bench/content.js --runs=30 --sections=50
|   node bench/content.js --site-pages=1000   a smaller imported site (0: no import part)
|   node bench/content.js --no-loaded         without the reads under load
|   node bench/content.js --port=3363 --database=name --duration=5 --connections=50
|
| After the authored space it imports a generated website (bench/site.js, served from this process
| on 127.0.0.1:--site-port) into a second space and measures reads, links and search there.
|
| Reads under load (autocannon, 50 connections): page reads of the 5,000-page revision cold (each
| page read once, on a server process started for it: the first read of each page after a restart)
| and warm, as documents and as markdown, 50 simultaneous first reads of its page tree, each beside
| the bare route `GET /health` of the same run (the ratio) and its target. Cold figures need a
| process of their own, so this part starts (and stops) servers on free ports, on the same database.
|
| `npm run bench` runs it too, after the hot reads, on the same server (`--no-content` skips it).
| It prints figures and exits 0; nothing is asserted. A read route that answers 404 (not there yet)
| prints "not available" instead of a figure.
*/
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import { WORDS, generator } from './words.js'
import { CJK_QUERY, RARE_WORD, serveSite } from './site.js'
import {
  cpuMs,
  freePort,
  ms,
  openDatabase,
  quantile,
  rssMiB,
  runStandalone,
  startServer,
} from './server.js'

/** Targets of issue 19 for this part. */
const TARGETS = {
  coldPageRatio: 0.15,
  treeBurstMs: 5000,
  editMedianMs: 20,
}

const BATCH = 50
const CHAPTERS = 9
const PAGES_PER_CHAPTER = 10

/**
 * The 5,000 pages in insertion order: per section a section page, 9 chapters under it and 10 pages
 * under each chapter (3 levels, 100 pages).
 */
function plannedPages(sections) {
  const pages = []
  for (let s = 0; s < sections; s++) {
    pages.push({
      ref: `s${s}`,
      title: `Section ${s + 1}: ${WORDS[s % WORDS.length]} handbook`,
      section: `s${s}`,
    })
    for (let c = 0; c < CHAPTERS; c++) {
      pages.push({
        ref: `s${s}c${c}`,
        parent: `s${s}`,
        title: `Chapter ${c + 1} of section ${s + 1}`,
        section: `s${s}`,
        previous: c > 0 ? `s${s}c${c - 1}` : undefined,
      })
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

export async function request(base, token, method, path, body) {
  const started = performance.now()
  const response = await fetch(base + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
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

export function expectOk(answer, what) {
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
  let count
  for (let i = 0; i < runs; i++) {
    const answer = await call(i)
    if (answer.status === 404 && i === 0) return { figure: name, result: 'not available (404)' }
    if (answer.status < 200 || answer.status >= 300) {
      return { figure: name, result: `error ${answer.status}: ${answer.text.slice(0, 80)}` }
    }
    const refused = accept(answer)
    if (refused) return { figure: name, result: `not available (${refused})` }
    times.push(answer.elapsed)
    if (i === 0 && answer.json?.count !== undefined) count = answer.json.count
  }
  return {
    'figure': name,
    'result': `${runs} runs${count === undefined ? '' : `, count ${count}`}`,
    'first ms': ms(times[0]),
    'median ms': ms(quantile(times, 0.5)),
    'p95 ms': ms(quantile(times, 0.95)),
  }
}

/**
 * The content bench against a running server. `setup` is from benchSetup (for direct row counts);
 * `organizationId` receives the new space. Prints a table and returns its rows.
 */
export async function runContentBench({
  base,
  token,
  organizationId,
  setup,
  serverPid,
  sections = 50,
  runs = 30,
  sitePages = 5000,
  loaded = true,
  duration = 5,
  connections = 50,
}) {
  const database = await openDatabase(setup)
  const random = generator(42)
  const rows = []
  let authored
  const pageCount = (sections * (1 + CHAPTERS * (1 + PAGES_PER_CHAPTER))).toLocaleString('en')
  try {
    const space = expectOk(
      await request(base, token, 'POST', `/v1/orgs/${organizationId}/spaces`, {
        title: 'Content bench',
      }),
      'creating the space'
    )
    const changeRequest = expectOk(
      await request(base, token, 'POST', `/v1/spaces/${space.id}/change-requests`, {
        subject: '5,000 pages',
      }),
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
          return known.length
            ? `/pages/${known[Math.floor(random.next() * known.length)]}#details`
            : `./${batch[0].ref}`
        }
        return inBatch.has(ref) ? `./${ref}` : `/pages/${ids.get(ref)}`
      }
      const changes = batch.map((page) => ({
        operation: 'insert_page',
        ref: page.ref,
        ...(page.parent
          ? { into: inBatch.has(page.parent) ? page.parent : ids.get(page.parent) }
          : {}),
        document: { markdown: pageMarkdown(page, link, random) },
      }))
      const answer = await request(base, token, 'POST', `${content}?compat=false`, { changes })
      const body = expectOk(answer, `batch ${start / BATCH + 1}`)
      batchTimes.push(answer.elapsed)
      for (const change of body.changes) if (change.ref) ids.set(change.ref, change.page.id)
    }
    const buildSeconds = (performance.now() - buildStarted) / 1000
    const objectsAfterBuild = await database.count(
      'SELECT COUNT(*) FROM content_objects WHERE space_id = ?',
      [space.id]
    )
    rows.push({
      'figure': `build ${pageCount} pages (${batchTimes.length} batches of ${BATCH} insert_page)`,
      'result': `${buildSeconds.toFixed(1)} s total, ${objectsAfterBuild} content_objects rows`,
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
      const markdown = pageMarkdown(
        page,
        (ref) => (ref ? `/pages/${ids.get(ref)}` : `/pages/${ids.get('s0')}`),
        random,
        i + 1
      )
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
      'figure': `author one page (update_page, new document) on the ${pageCount}-page change request`,
      'result': `${runs} runs; target median ≤ ${TARGETS.editMedianMs} ms: ${quantile(editTimes, 0.5) <= TARGETS.editMedianMs ? 'met' : 'NOT met'}`,
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
        request(
          base,
          token,
          'GET',
          `${content}/page/${pageIds[Math.floor(random.next() * pageIds.length)]}`
        )
      )
    )
    rows.push(
      await measure(`list pages (GET .../content/pages, ${pageCount} pages)`, runs, () =>
        request(base, token, 'GET', `${content}/pages`)
      )
    )
    rows.push(
      await measure(
        'search (GET /v1/spaces/{id}/search?query=...)',
        runs,
        (i) =>
          request(
            base,
            token,
            'GET',
            `/v1/spaces/${space.id}/search?query=${encodeURIComponent(WORDS[(i * 7) % WORDS.length])}`
          ),
        (answer) =>
          Array.isArray(answer.json?.items) && answer.json.items.length > 0
            ? null
            : 'no hits: the content is not merged into the space'
      )
    )
    const head = expectOk(
      await request(
        base,
        token,
        'GET',
        `/v1/spaces/${space.id}/change-requests/${changeRequest.id}`
      ),
      'reading the change request'
    )
    authored = { spaceId: space.id, revisionId: head.revision, pageIds }
  } finally {
    await database.close()
  }

  console.log(
    `\nBindery content bench — ${setup.mysql ? 'MySQL' : 'SQLite'}, ${pageCount} pages, sequential requests, Node ${process.version}\n`
  )
  console.table(rows)
  if (serverPid) console.log(`server memory: ${rssMiB(serverPid)} MiB RSS after the authored part`)

  if (loaded) {
    const loadedRows = await runLoadedReads({
      base,
      token,
      setup,
      serverPid,
      ...authored,
      duration,
      connections,
    })
    console.log(
      `\nReads under load of the ${pageCount}-page revision — ${setup.mysql ? 'MySQL' : 'SQLite'}, autocannon ${connections} connections; cold = on a server process started for it\n`
    )
    console.table(loadedRows)
    rows.push(...loadedRows)
  }

  let imported = { rows: [], notes: [] }
  if (sitePages > 0) {
    imported = await runImportBench({
      base,
      token,
      organizationId,
      setup,
      serverPid,
      sitePages,
      runs,
    })
    console.log(
      `\nWebsite import, then reads and search on the imported space — ${setup.mysql ? 'MySQL' : 'SQLite'}\n`
    )
    for (const note of imported.notes) console.log(`- ${note}`)
    console.table(imported.rows)
  }
  if (serverPid) console.log(`server memory: ${rssMiB(serverPid)} MiB RSS after the content bench`)
  return [...rows, ...imported.rows]
}

/**
 * autocannon's result, with `lastResponseAt` (performance.now() of the last answer): a run of a
 * fixed `amount` of requests ends at the next whole second of autocannon's sampling, not at its last
 * answer, so its elapsed time would undercount the rate by up to a second.
 */
function load(options) {
  return new Promise((resolve, reject) => {
    let lastResponseAt = performance.now()
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, lastResponseAt })
    )
    instance.on('response', () => {
      lastResponseAt = performance.now()
    })
  })
}

/** Another server process on the bench's database, on a free port: a restarted server. */
async function freshServer(setup) {
  const port = await freePort()
  const fresh = {
    ...setup,
    port,
    base: `http://127.0.0.1:${port}`,
    env: { ...setup.env, PORT: String(port) },
  }
  const server = await startServer(fresh)
  return {
    base: fresh.base,
    pid: server.pid,
    // autocannon leaves its last requests in flight when a timed run ends: they finish first.
    stop: async () => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await new Promise((resolve) => {
        server.once('exit', resolve)
        server.kill('SIGTERM')
      })
    },
  }
}

/**
 * The process that serves: bin/server.ts started without `--no-node-snapshot` starts itself again
 * with it (bin/no_node_snapshot.js), and the child holds the application.
 */
function servingPid(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)
    return children[0] ? Number(children[0]) : pid
  } catch {
    return pid
  }
}

/**
 * Page reads and the page tree of one revision under load, beside the bare route `GET /health` of
 * the main server. Each figure gives requests per second and the server's CPU time per answer,
 * both as a ratio to the bare route's: on a machine shared with other work, the CPU ratio is the
 * steadier of the two. Answers rows.
 */
async function runLoadedReads({
  base,
  token,
  setup,
  serverPid,
  spaceId,
  revisionId,
  pageIds,
  duration,
  connections,
}) {
  const rows = []
  const headers = { authorization: `Bearer ${token}` }
  const revision = `/v1/spaces/${spaceId}/revisions/${revisionId}`

  /** autocannon against `url` (a base URL with `paths()`, or one URL), measured. */
  const measured = async (pid, url, options) => {
    const cpuBefore = cpuMs(pid)
    const started = performance.now()
    const result = await load({ url, connections, headers, ...options })
    const seconds = ((options.amount ? result.lastResponseAt : performance.now()) - started) / 1000
    return {
      result,
      rps: result.requests.total / seconds,
      cpu: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total),
    }
  }
  const bare = await measured(servingPid(serverPid), `${base}/health`, { duration, headers: {} })
  const row = (figure, { result, rps, cpu }, target, beside = bare) => {
    const met = (value) => (value >= TARGETS.coldPageRatio ? 'met' : 'NOT met')
    return {
      'figure': figure,
      'req/s': Math.round(rps),
      'vs bare': `${(rps / beside.rps).toFixed(3)}×`,
      'CPU ms/answer': Number.isFinite(cpu) ? Number(cpu.toFixed(3)) : 'n/a',
      'CPU vs bare': Number.isFinite(cpu) ? `${(beside.cpu / cpu).toFixed(3)}×` : 'n/a',
      'target': target
        ? `≥ ${TARGETS.coldPageRatio}×: ${met(rps / beside.rps)} (CPU: ${met(beside.cpu / cpu)})`
        : '',
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'unexpected answers': result.errors + result.non2xx,
    }
  }
  rows.push(row('bare route GET /health (no auth, no database), main server', bare))

  // Each page once in a random order, on a server that has read none of them (nor the tree), then
  // warm. The first reads after the restart also load the tree and warm the new process up (V8
  // compiles the request path as it goes); the rest are each still the first read of their page.
  const order = [...pageIds]
  const shuffle = generator(19)
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(shuffle.next() * (i + 1))
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  const firstReads = Math.min(1000, Math.floor(order.length / 5))
  for (const format of ['document', 'markdown']) {
    const server = await freshServer(setup)
    const pid = servingPid(server.pid)
    try {
      let next = 0
      const query = format === 'markdown' ? '?format=markdown' : ''
      const pages = {
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `${revision}/page/${order[next++ % order.length]}${query}`,
            }),
          },
        ],
      }
      const first = await measured(pid, server.base, { ...pages, amount: firstReads })
      const cold = await measured(pid, server.base, {
        ...pages,
        amount: order.length - firstReads,
      })
      const warm = await measured(pid, server.base, { ...pages, duration })
      // The bare route again on this process, warm like the reads: the main server's figure comes
      // from a process with another history (the authoring of 5,000 pages, a larger heap).
      const localBare = await measured(pid, `${server.base}/health`, { duration, headers: {} })
      rows.push(
        row(
          `read a page, format=${format}: the first ${firstReads} reads after a restart (tree load, process warm-up)`,
          first,
          false,
          localBare
        ),
        row(
          `read a page cold, format=${format}: the other ${order.length - firstReads} pages, each read once`,
          cold,
          format === 'document',
          localBare
        ),
        row(
          `read a page warm, format=${format} (random pages, all read before)`,
          warm,
          false,
          localBare
        ),
        row(
          `bare route GET /health on the process of these ${format} reads (their ratios' base)`,
          localBare,
          false,
          localBare
        )
      )
    } finally {
      await server.stop()
    }
  }

  // 50 first reads of the tree at once, right after a restart; then the tree warm.
  const server = await freshServer(setup)
  try {
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: connections }, async () => {
        const response = await fetch(`${server.base}${revision}/pages`, { headers })
        const bytes = (await response.arrayBuffer()).byteLength
        return { status: response.status, ms: performance.now() - started, bytes }
      })
    )
    const slowest = Math.max(...answers.map((answer) => answer.ms))
    const ok = answers.filter((answer) => answer.status === 200).length
    rows.push({
      'figure': `${connections} simultaneous first reads of the ${pageIds.length}-page tree after a restart (GET .../pages, ${(answers[0].bytes / 1024 / 1024).toFixed(1)} MiB each)`,
      'target': `all within ${TARGETS.treeBurstMs / 1000} s: ${ok === answers.length && slowest <= TARGETS.treeBurstMs ? 'met' : 'NOT met'}`,
      'p50 ms': Math.round(
        quantile(
          answers.map((answer) => answer.ms),
          0.5
        )
      ),
      'p99 ms': Math.round(slowest),
      'unexpected answers': answers.length - ok,
    })
    rows.push(
      row(
        `read the ${pageIds.length}-page tree warm`,
        await measured(servingPid(server.pid), `${server.base}${revision}/pages`, { duration })
      ),
      { figure: `memory of that server afterwards: ${rssMiB(servingPid(server.pid))} MiB RSS` }
    )
  } finally {
    await server.stop()
  }
  return rows
}

/**
 * One request without a client-side timeout (fetch gives up on headers after 300 s; an import may
 * legitimately take longer, and how long it takes is the figure).
 */
function longRequest(base, token, method, path, body) {
  const payload = body ? Buffer.from(JSON.stringify(body)) : undefined
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      base + path,
      {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': payload.length }
            : {}),
        },
      },
      (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json
          try {
            json = JSON.parse(text)
          } catch {}
          resolve({ status: response.statusCode, json, text, elapsed: performance.now() - started })
        })
        response.on('error', reject)
      }
    )
    req.on('error', (error) =>
      resolve({
        status: 0,
        text: `request failed: ${error.message}`,
        elapsed: performance.now() - started,
      })
    )
    req.end(payload)
  })
}

/** Every page of a `/content/pages` answer, depth first: `{id, path}`. */
function flattenPages(pages, into = []) {
  for (const page of pages ?? []) {
    into.push({ id: page.id, path: page.path, type: page.type })
    flattenPages(page.pages, into)
  }
  return into
}

/**
 * Imports a generated website of `pageCount` pages into a new space (one request), with the rows it
 * wrote and the server's peak RSS while it ran. Answers `{ok, space, seconds, answer, rows, finding}`.
 */
async function importSite({ base, token, organizationId, setup, serverPid, database, pageCount }) {
  const site = await serveSite(pageCount, setup.sitePort)
  try {
    const space = expectOk(
      await request(base, token, 'POST', `/v1/orgs/${organizationId}/spaces`, {
        title: `Imported site (${pageCount} pages)`,
      }),
      'creating the import space'
    )
    const before = await database.tableCounts()
    let peakRss = rssMiB(serverPid)
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(serverPid) || 0)), 250)
    const answer = await longRequest(base, token, 'POST', `/v1/spaces/${space.id}/content/import`, {
      url: site.url,
      source: 'website',
    })
    clearInterval(sampler)
    const after = await database.tableCounts()
    const written = Object.entries(after)
      .map(([table, rows]) => [table, rows - (before[table] ?? 0)])
      .filter(([, rows]) => rows !== 0)
      .sort((a, b) => b[1] - a[1])
    const seconds = answer.elapsed / 1000
    return {
      ok: answer.status === 201,
      space,
      seconds,
      answer,
      written,
      peakRss,
      served: site.served(),
      sitePages: site.pages.length,
    }
  } finally {
    await site.close()
  }
}

/**
 * The website-import part: a generated site of 5,000 pages (`sitePages`) imported into a second
 * space, then reads, links and search on that space. Falls back to 1,000 pages when the import
 * fails. Answers `{rows, notes}`.
 */
export async function runImportBench({
  base,
  token,
  organizationId,
  setup,
  serverPid,
  sitePages = 5000,
  runs = 30,
}) {
  const database = await openDatabase(setup)
  const rows = []
  const notes = []
  try {
    let result = await importSite({
      base,
      token,
      organizationId,
      setup,
      serverPid,
      database,
      pageCount: sitePages,
    })
    const describe = (r) =>
      `${r.sitePages.toLocaleString('en')}-page site: answered ${r.answer.status} after ${r.seconds.toFixed(1)} s, ` +
      `${r.served} pages served, server peak RSS ${r.peakRss} MiB` +
      (r.ok ? '' : `; body: ${r.answer.text.slice(0, 300)}`)
    notes.push(`import of the ${describe(result)}`)
    if (!result.ok && sitePages > 1000) {
      notes.push(`the ${sitePages}-page import failed: falling back to a 1,000-page site`)
      result = await importSite({
        base,
        token,
        organizationId,
        setup,
        serverPid,
        database,
        pageCount: 1000,
      })
      notes.push(`import of the ${describe(result)}`)
    } else if (result.seconds > 180) {
      notes.push(
        `the ${sitePages}-page import took more than 3 minutes (${result.seconds.toFixed(1)} s)`
      )
    }
    const label = `${result.sitePages.toLocaleString('en')}-page site`
    if (!result.ok) {
      rows.push({
        figure: `import a ${label} (POST /content/import)`,
        result: `failed: ${result.answer.status}`,
      })
      return { rows, notes }
    }
    const space = result.space
    const S = `/v1/spaces/${space.id}`
    const pages = flattenPages(
      expectOk(
        await request(base, token, 'GET', `${S}/content/pages`),
        'listing the imported pages'
      ).pages
    )
    rows.push({
      'figure': `import a ${label} (one POST ${'/content/import'})`,
      'result':
        `${result.seconds.toFixed(1)} s, importedResources ${result.answer.json.importedResources} of ` +
        `${result.answer.json.totalResources}, ${pages.length} pages in the space`,
      'first ms': ms(result.answer.elapsed),
    })
    const total = result.written.reduce((sum, [, n]) => sum + n, 0)
    rows.push({
      figure: 'rows written by the import',
      result: `${total} in all: ` + result.written.map(([table, n]) => `${table} ${n}`).join(', '),
    })

    const random = generator(7)
    const pick = () => pages[Math.floor(random.next() * pages.length)]
    rows.push(
      await measure(
        `read a page (GET ${S.replace(space.id, '{id}')}/content/page/{pageId}), ${label}`,
        runs,
        () => request(base, token, 'GET', `${S}/content/page/${pick().id}`)
      )
    )
    rows.push(
      await measure(`list pages (GET /content/pages), ${label}`, runs, () =>
        request(base, token, 'GET', `${S}/content/pages`)
      )
    )
    rows.push(
      await measure(`page by path (GET /content/path/{path}), ${label}`, runs, () =>
        request(base, token, 'GET', `${S}/content/path/${pick().path}`)
      )
    )
    rows.push(
      await measure(`link analysis (GET /links?limit=100), ${label}; first = cold`, runs, () =>
        request(base, token, 'GET', `${S}/links?limit=100`)
      )
    )

    const hits = (answer) =>
      Array.isArray(answer.json?.items) && answer.json.items.length > 0 ? null : 'no hits'
    const searches = [
      ['a common word', 'server'],
      [`a rare word (${RARE_WORD}, ~${Math.ceil(result.sitePages / 1000)} pages)`, RARE_WORD],
      ['two words', 'deploy webhook'],
      ['CJK (a few pages)', CJK_QUERY],
    ]
    for (const [what, query] of searches) {
      rows.push(
        await measure(
          `space search, ${what}: "${query}"`,
          runs,
          () => request(base, token, 'GET', `${S}/search?query=${encodeURIComponent(query)}`),
          hits
        )
      )
    }
    rows.push(
      await measure(
        'org search (GET /v1/orgs/{id}/search?query=server)',
        runs,
        () => request(base, token, 'GET', `/v1/orgs/${organizationId}/search?query=server`),
        hits
      )
    )
  } finally {
    await database.close()
  }
  return { rows, notes }
}

await runStandalone(
  import.meta.url,
  { port: 3398, sqlite: 'tmp/bench-content.sqlite3', database: 'bindery_bench_content' },
  (context, args) =>
    runContentBench({
      ...context,
      sections: Number(args.sections ?? 50),
      runs: Number(args.runs ?? 30),
      sitePages: Number(args['site-pages'] ?? 5000),
      loaded: args['no-loaded'] !== 'true',
      duration: Number(args.duration ?? 5),
      connections: Number(args.connections ?? 50),
    })
)
