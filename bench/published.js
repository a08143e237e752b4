/*
| The published-site bench: a space of 1,000 pages (authored through a change request, merged)
| published in a public site, then read as a visitor: one page rendered again and again, every page
| of the site in turn (each rendered once, then from the cache), and a page revalidated with its
| ETag (304) — beside the bare route and the authenticated `GET /v1/spaces/{id}` of the same run.
| Target (issue 15): a page render costs no more than three authenticated API reads, a 304 no more
| than one.
|
|   node bench/published.js                SQLite (a fresh tmp/bench-published.sqlite3)
|   node bench/published.js --mysql        MySQL/MariaDB (database bindery_bench_published)
|   node bench/published.js --pages=2000 --duration=10
|
| `npm run bench` runs it too, on the same server (`--no-published` skips it). It prints figures
| and exits 0; nothing is asserted.
*/
import autocannon from 'autocannon'
import { expectOk, request } from './content.js'
import { cpuMs, rssMiB, runStandalone } from './server.js'
import { WORDS } from './words.js'

const BATCH = 50

function pageMarkdown(n) {
  const word = (i) => WORDS[(n * 7 + i) % WORDS.length]
  return [
    `# ${word(1)} ${word(2)}`,
    '',
    `This page explains ${word(3)} and ${word(4)} in detail. See [the home page](/pages/home).`,
    '',
    '## Installation',
    '',
    '```js',
    `import { ${word(5)} } from "${word(6)}"`,
    `const value = ${word(5)}({ size: ${n} })`,
    '```',
    '',
    '## Options',
    '',
    '| Option | Default |',
    '|--------|---------|',
    `| ${word(7)} | ${n} |`,
    '',
    `- ${word(8)} keeps ${word(9)}`,
    `- ${word(10)} replaces ${word(11)}`,
    '',
    '## Notes',
    '',
    Array.from({ length: 30 }, (_, i) => word(i + 12)).join(' ') + '.',
    '',
  ].join('\n')
}

function load(url, options) {
  return new Promise((resolve, reject) => {
    autocannon({ url, ...options }, (error, result) => (error ? reject(error) : resolve(result)))
  })
}

/**
 * The published-site bench against a running server. Prints a table and returns its rows.
 */
export async function runPublishedBench({ base, token, organizationId, serverPid, args = {} }) {
  const pages = Number(args.pages ?? 1000)
  const duration = Number(args.duration ?? 5)
  const connections = Number(args.connections ?? 50)
  const call = async (method, path, body) =>
    expectOk(await request(base, token, method, path, body), `${method} ${path}`)

  const space = await call('POST', `/v1/orgs/${organizationId}/spaces`, {
    title: 'Published bench',
  })
  const changeRequest = await call('POST', `/v1/spaces/${space.id}/change-requests`, {})
  const started = performance.now()
  for (let first = 0; first < pages; first += BATCH) {
    const changes = []
    for (let n = first; n < Math.min(pages, first + BATCH); n++) {
      const parent = n % BATCH === 0
      changes.push({
        operation: 'insert_page',
        ref: `p${n}`,
        title: `Page ${n} ${WORDS[n % WORDS.length]}`,
        document: { markdown: pageMarkdown(n) },
        ...(parent ? {} : { into: `p${first}` }),
      })
    }
    await call(
      'POST',
      `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/content?compat=false`,
      { changes }
    )
  }
  await call('POST', `/v1/spaces/${space.id}/change-requests/${changeRequest.id}/merge`)
  const site = await call('POST', `/v1/orgs/${organizationId}/sites`, {
    title: 'Bench docs',
    spaces: [space.id],
  })
  await call('POST', `/v1/orgs/${organizationId}/sites/${site.id}/publish`)
  const published = new URL(
    (await call('GET', `/v1/orgs/${organizationId}/sites/${site.id}`)).urls.published
  ).pathname
  const authoring = performance.now() - started

  const tree = await call('GET', `/v1/spaces/${space.id}/content`)
  const paths = []
  const collect = (list) => {
    for (const p of list) {
      if (p.path) paths.push(`${published}/${p.path}`)
      collect(p.pages ?? [])
    }
  }
  collect(tree.pages)
  const middle = paths[Math.floor(paths.length / 2)]
  const first = await fetch(base + middle)
  const etag = first.headers.get('etag')
  const html = await first.text()

  const scenarios = [
    ['bare route GET /health', { url: `${base}/health` }, 200],
    [
      'GET /v1/spaces/{id} (authenticated API read)',
      { url: `${base}/v1/spaces/${space.id}`, headers: { authorization: `Bearer ${token}` } },
      200,
    ],
    ['published page, full render (200)', { url: base + middle }, 200],
    [
      `published pages, all ${paths.length} in turn (200)`,
      {
        url: base + paths[0],
        requests: [
          {
            setupRequest: (() => {
              let i = 0
              return (req) => ({ ...req, path: paths[i++ % paths.length] })
            })(),
          },
        ],
      },
      200,
    ],
    [
      'published page, ETag revalidation (304)',
      { url: base + middle, headers: { 'if-none-match': etag } },
      304,
    ],
  ]
  const idle = rssMiB(serverPid)
  const rows = []
  let bare
  let api
  let apiCpu
  for (const [name, options, expected] of scenarios) {
    const cpuBefore = cpuMs(serverPid)
    const result = await load(options.url, { connections, duration, ...options })
    // Server CPU per answer: what a request costs, whatever the load generator's own limits
    // (parsing 100 KiB pages costs autocannon more than it costs the server to send them).
    const cpu = (cpuMs(serverPid) - cpuBefore) / Math.max(1, result.requests.total)
    const rps = result.requests.average
    bare ??= rps
    if (name.startsWith('GET /v1/spaces')) {
      api = rps
      apiCpu = cpu
    }
    const unexpected =
      expected === 304
        ? result.requests.total - (result.statusCodeStats?.['304']?.count ?? 0)
        : result.non2xx
    rows.push({
      'scenario': name,
      'req/s': Math.round(rps),
      'vs bare': `${((rps / bare) * 100).toFixed(0)}%`,
      'vs API read': api ? `${((rps / api) * 100).toFixed(0)}%` : '',
      'server CPU ms/answer': Math.round(cpu * 100) / 100,
      'cost in API reads': apiCpu ? Math.round((cpu / apiCpu) * 100) / 100 : '',
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'unexpected answers': result.errors + Math.max(0, unexpected),
    })
  }
  console.log(
    `\nPublished site — ${paths.length} pages authored and merged in ${Math.round(authoring)} ms; one page is ${Math.round(html.length / 1024)} KiB of HTML`
  )
  console.table(rows)
  console.log(
    `server memory: ${idle} MiB RSS before these runs, ${rssMiB(serverPid)} MiB after them`
  )
  console.log(
    'target: a page render costs no more than three API reads (server CPU), a 304 no more than one'
  )
  return rows
}

await runStandalone(
  import.meta.url,
  { sqlite: 'tmp/bench-published.sqlite3', database: 'bindery_bench_published' },
  (context, args) => runPublishedBench({ ...context, args })
)
