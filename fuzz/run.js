/*
| `npm run fuzz`: sends generated and hostile requests to every /v1 write route of a fresh server
| and reports what answered 5xx, the slowest request and the longest /health stall.
|
|   npm run fuzz                              SQLite (a fresh tmp/fuzz.sqlite3), 10,000 cases, seed 1
|   npm run fuzz -- --mysql                   MySQL/MariaDB (database `fuzz`, recreated)
|   npm run fuzz -- --seed 7 --cases 500      another seed, fewer cases
|   npm run fuzz -- --seed 7 --case 123       only case 123 of seed 7 (reproduces one failure)
|   npm run fuzz -- --port 3398 --concurrency 4 --strict-stall
|   FUZZ_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=tmp/prof" npm run fuzz   profile the server
|
| Bodies come from the request schemas of the `@gitbook/api` OpenAPI document (routes it lacks are
| described from the platform document, /work/shared/spec/platform-api.md), valid-ish then mutated;
| path parameters are real ids, unknown ids, another organization's ids or garbage. Hostile
| markdown goes into page authoring and comments, hostile HTML into website imports. All of it is
| drawn from a seeded PRNG (fuzz/prng.js), case by case. Exits non-zero on any 5xx or lost request
| (and, with --strict-stall, on a /health stall over 100 ms). The server's log is tmp/fuzz-server.log.
*/
import { createRequire } from 'node:module'
import { spawn } from 'node:child_process'
import { openSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { ace, benchSetup, freePort, freshDatabase, lastJsonLine, root } from '../bench/server.js'
import { Rng, hash32 } from './prng.js'
import { BodyGenerator } from './bodies.js'
import { HTML, MARKDOWN, startHostileSite } from './hostile.js'

const require = createRequire(import.meta.url)
const spec = require('@gitbook/api/spec/openapi.json')

/** `--key value`, `--key=value` and `--flag`. */
function parseArgs(argv) {
  const args = {}
  for (let i = 0; i < argv.length; i++) {
    const [key, ...rest] = argv[i].replace(/^--/, '').split('=')
    if (rest.length) args[key] = rest.join('=')
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) args[key] = argv[++i]
    else args[key] = 'true'
  }
  return args
}

const args = parseArgs(process.argv.slice(2))
const seed = Number(args.seed ?? 1)
const onlyCase = args.case === undefined ? null : Number(args.case)
const cases = onlyCase === null ? Number(args.cases ?? 10_000) : 1
const concurrency = Number(args.concurrency ?? 4)
const strictStall = args['strict-stall'] === 'true'
const STALL_LIMIT_MS = 100
const BLOCK = 500
args['site-port'] ??= String(await freePort())
const setup = benchSetup(args, {
  port: 3398,
  sqlite: 'tmp/fuzz.sqlite3',
  database: 'fuzz',
  driveRoot: 'tmp/fuzz-storage',
})
Object.assign(setup.env, {
  // Rate limits on /v1 would answer most of the run 429; 429 still counts as a normal answer.
  API_RATE_LIMIT_PER_TOKEN: '1000000',
  API_RATE_LIMIT_PER_IP: '1000000',
  IMPORT_MAX_PAGES: '3',
  IMPORT_TIME_BUDGET: '20',
})
const { base } = setup

/** Request bodies of the routes the OpenAPI document lacks, from the platform document. */
const PLATFORM_SCHEMAS = {
  'POST /v1/spaces/{}/transfer': {
    type: 'object',
    required: ['organization'],
    properties: { organization: { type: 'string' }, collection: { type: 'string' } },
  },
  'POST /v1/collections/{}/transfer': {
    type: 'object',
    required: ['organization'],
    properties: { organization: { type: 'string' } },
  },
  'POST /v1/spaces/{}/content/import': {
    type: 'object',
    required: ['url', 'source'],
    properties: { url: { type: 'string', format: 'uri' }, source: { enum: ['website', 'file'] } },
  },
  'POST /v1/spaces/{}/change-requests/{}/content/import': {
    type: 'object',
    required: ['url', 'source'],
    properties: { url: { type: 'string', format: 'uri' }, source: { enum: ['website', 'file'] } },
  },
  'POST /v1/orgs/{}/sites/{}/section-groups/{}/sections': {
    type: 'object',
    required: ['sectionId'],
    properties: { sectionId: { type: 'string' } },
  },
}

const PETSTORE = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Petstore', version: '1.0.0' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { 200: { description: 'ok' } } } } },
})

/** Valid bodies for creating the seed records, where the schema alone rarely gives one. */
function seedBody(key, rng, pools) {
  const space = pools.spaceId?.at(-1)
  switch (key) {
    case 'POST /v1/orgs/{}/spaces':
    case 'POST /v1/orgs/{}/collections':
    case 'POST /v1/orgs/{}/sites':
      return { title: `Fuzz ${rng.string(5)}` }
    case 'POST /v1/spaces/{}/change-requests':
      return { subject: `Fuzz ${rng.string(5)}` }
    case 'POST /v1/spaces/{}/comments':
    case 'POST /v1/spaces/{}/comments/{}/replies':
    case 'POST /v1/spaces/{}/change-requests/{}/comments':
    case 'POST /v1/spaces/{}/change-requests/{}/comments/{}/replies':
      return { body: { markdown: `A *comment* ${rng.string(5)}` } }
    case 'POST /v1/orgs/{}/sites/{}/sections':
    case 'POST /v1/orgs/{}/sites/{}/site-spaces':
      return { spaceId: space }
    case 'POST /v1/orgs/{}/sites/{}/section-groups':
      return { title: `Group ${rng.string(4)}` }
    case 'POST /v1/orgs/{}/sites/{}/share-links':
      return { name: `Link ${rng.string(4)}` }
    case 'POST /v1/orgs/{}/openapi':
      return { slug: `spec-${rng.string(6)}`, source: { text: PETSTORE } }
    case 'PUT /v1/orgs/{}/teams':
      return { title: `Team ${rng.string(4)}` }
    case 'POST /v1/orgs/{}/saml':
      return { label: `IdP ${rng.string(4)}` }
    case 'POST /v1/orgs/{}/translations':
      return { title: `Translations ${rng.string(4)}`, languages: ['fr'] }
    case 'POST /v1/org/{}/imports':
      return {
        source: { type: 'website', url: `http://127.0.0.1:${setup.sitePort}/h/${rng.int(0, 3)}` },
        target: { space },
      }
    case 'POST /v1/orgs/{}/link-invites':
      return { role: 'read' }
    case 'POST /v1/integrations/{}':
      return {
        title: 'Fuzz integration',
        description: 'd',
        script: 'export default {}',
        organization: pools.organizationId?.[0],
      }
    case 'POST /v1/integrations/{}/installations':
      return { organization: pools.organizationId?.[0] }
    default:
      return undefined
  }
}

/** Creating routes whose records are not read back at `<their path>/:param`. */
const CREATES = {
  'POST /v1/orgs/{}/spaces': 'spaceId',
  'POST /v1/orgs/{}/collections': 'collectionId',
  'POST /v1/integrations/{}': 'integrationName',
  'POST /v1/org/{}/imports': 'importRunId',
  'POST /v1/spaces/{}/duplicate': 'spaceId',
  // The fuzzing organization stays the one in the pool: new ones would hold none of the seeds.
  'POST /v1/orgs': null,
}

const normalize = (pattern) => pattern.replace(/:[A-Za-z_]+/g, '{}')

/** The /v1 write routes with their path parameters and request schema. */
function writeRoutes() {
  const listed = JSON.parse(ace(setup, 'list:routes', '--json').replace(/^[^[]*/, ''))
  const patterns = new Set(listed.flatMap((domain) => domain.routes.map((r) => r.pattern)))
  const operations = new Map()
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.set(
        `${method.toUpperCase()} ${normalize(`/v1${path.replace(/\{(\w+)\}/g, ':$1')}`)}`,
        operation
      )
    }
  }
  const routes = []
  for (const domain of listed) {
    for (const route of domain.routes) {
      if (!route.pattern.startsWith('/v1/')) continue
      for (const method of route.methods) {
        if (method === 'GET' || method === 'HEAD') continue
        const key = `${method} ${normalize(route.pattern)}`
        const operation = operations.get(key)
        const schema =
          operation?.requestBody?.content?.['application/json']?.schema ?? PLATFORM_SCHEMAS[key]
        // A POST/PUT on a path whose `/:param` child is a route creates that param's records.
        const child = [...patterns].find((p) =>
          new RegExp(`^${escape(route.pattern)}/:\\w+$`).test(p)
        )
        routes.push({
          method,
          pattern: route.pattern,
          key,
          params: [...route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]),
          schema,
          creates:
            key in CREATES
              ? CREATES[key]
              : method !== 'DELETE' && child
                ? child.split(':').at(-1)
                : null,
          documented: Boolean(operation || PLATFORM_SCHEMAS[key] || method === 'DELETE'),
        })
      }
    }
  }
  return routes
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A kept-alive connection the server closed while idle (its keep-alive timeout, often right after a
 * long stall) resets the request sent on it before the server reads it: that is the client's race,
 * not an answer, so such a request is sent once more on a fresh connection. A second reset counts.
 */
let resetsRetried = 0
const isReset = (error) =>
  /ECONNRESET|other side closed|UND_ERR_SOCKET/.test(
    `${error?.cause?.code ?? ''} ${error?.cause ?? ''}`
  )

async function send(method, path, token, body, raw) {
  const first = await sendOnce(method, path, token, body, raw)
  if (first.status !== 0 || !first.reset) return first
  resetsRetried++
  return sendOnce(method, path, token, body, raw)
}

async function sendOnce(method, path, token, body, raw) {
  const started = performance.now()
  const headers = token ? { authorization: `Bearer ${token}` } : {}
  let payload
  if (raw !== undefined) {
    payload = raw
    headers['content-type'] = 'application/json'
  } else if (body !== undefined) {
    payload = JSON.stringify(body)
    headers['content-type'] = 'application/json'
  }
  try {
    const response = await fetch(base + path, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(60_000),
    })
    const text = await response.text()
    let json
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: response.status, text, json, ms: performance.now() - started, payload }
  } catch (error) {
    return {
      status: 0,
      text: `${error}${error.cause ? ` (${error.cause})` : ''}`,
      ms: performance.now() - started,
      payload,
      reset: isReset(error),
    }
  }
}

/** Fills path parameters from `pools` (real ids), or odd values when `mode` says so. */
function fillPath(rng, route, pools, otherPools) {
  let path = route.pattern
  for (const param of route.params) {
    const mode = rng.weighted([
      [7, 'real'],
      [1, 'unknown'],
      [1, 'other'],
      [1, 'garbage'],
    ])
    let value
    if (mode === 'other') value = otherPools[param]?.length ? rng.pick(otherPools[param]) : null
    if (mode === 'real' || (mode === 'other' && value === null))
      value = pools[param]?.length ? rng.pick(pools[param].slice(-4)) : null
    if (mode === 'unknown' || value === null)
      value = rng.string(20, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789')
    if (mode === 'garbage')
      value = rng.pick([
        '%00',
        '..',
        '%2e%2e%2f%2e%2e',
        '%F0%9F%A6%84',
        '%C0%AF',
        '%ZZ',
        '-1',
        '0',
        '1e999',
        'null',
        'undefined',
        '__proto__',
        'constructor',
        '%27%20OR%201%3D1--',
        'a'.repeat(rng.pick([256, 5000])),
        '%20',
        'latest',
      ])
    path = path.replace(`:${param}`, value)
  }
  return path
}

function recordCreated(route, response, pools) {
  if (!route.creates || response.status < 200 || response.status >= 300 || !response.json) return
  const value =
    route.creates === 'specSlug'
      ? response.json.slug
      : route.creates === 'integrationName'
        ? response.json.name
        : response.json.id
  if (typeof value !== 'string') return
  pools[route.creates] ??= []
  if (!pools[route.creates].includes(value)) pools[route.creates].push(value)
}

/** Creates a few records of every kind in one organization, so ids exist for the path params. */
async function seedRecords(routes, identity, pools, round) {
  const rng = new Rng(hash32(seed, 'seed', round, identity.organization.id))
  const generator = new BodyGenerator(spec, pools)
  pools.organizationId = [identity.organization.id]
  pools.integrationName ??= [`fuzz-${identity.organization.id.slice(0, 8).toLowerCase()}`]
  const creators = routes.filter((route) => route.creates && route.method !== 'PATCH')
  // Passes until nothing more can be created: a record's parents come from earlier passes.
  const done = new Set()
  for (let pass = 0; pass < 4; pass++) {
    for (const route of creators) {
      if (done.has(route)) continue
      if (route.params.every((param) => pools[param]?.length)) done.add(route)
      for (let attempt = 0; attempt < 3; attempt++) {
        if (route.params.some((param) => !pools[param]?.length)) break
        const path = route.params.reduce(
          (p, param) => p.replace(`:${param}`, pools[param].at(-1)),
          route.pattern
        )
        const body =
          seedBody(route.key, rng, pools) ??
          (route.schema ? generator.generate(rng, route.schema) : undefined)
        const response = await send(route.method, path, identity.token, body)
        recordCreated(route, response, pools)
        if (args.verbose === 'true')
          console.log(
            `seed ${response.status} ${route.method} ${path} ${excerpt(response.text, 200)}`
          )
        if (response.status >= 200 && response.status < 300) break
      }
    }
  }
  // Pages: a change request inserting two, merged, so page ids exist for `into` and `page`.
  const space = pools.spaceId?.at(-1)
  const cr = pools.changeRequestId?.at(-1)
  if (space && cr) {
    await send('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, identity.token, {
      changes: [
        {
          operation: 'insert_page',
          document: { markdown: '# Seed page\n\nHello [link](https://example.com).' },
        },
        { operation: 'insert_page', title: 'Second', document: { markdown: 'Second *page*' } },
      ],
    })
    const pages = await send('GET', `/v1/spaces/${space}/content/pages`, identity.token)
    const ids = []
    const walk = (list) => {
      for (const p of list ?? []) {
        ids.push(p.id)
        walk(p.pages)
      }
    }
    walk(pages.json?.pages)
    if (ids.length) pools.pageId = ids
  }
}

/** A case: one request, described for the report. */
async function runCase(index, ctx) {
  const rng = new Rng(hash32(seed, index))
  const family = rng.weighted([
    [90, 'route'],
    [7, 'markdown'],
    [3, 'import'],
  ])
  const { pools, otherPools, identity, routes, generator } = ctx
  let method, path, body, raw, kind, route
  if (family === 'route') {
    route = rng.pick(routes)
    method = route.method
    path = fillPath(rng, route, pools, otherPools)
    const valid = route.schema ? generator.generate(rng, route.schema) : undefined
    const style = rng.weighted([
      [3, 'valid'],
      [8, 'mutated'],
      [1, 'no body'],
      [0.5, 'not json'],
    ])
    kind = style
    if (style === 'valid') body = valid
    else if (style === 'mutated') body = generator.mutate(rng, structuredClone(valid ?? {}))
    else if (style === 'not json')
      raw = rng.pick([
        '{',
        '{"a":',
        'nul',
        '[1,2',
        '\u0000',
        '{"a":1}{"b":2}',
        '"\\ud800"',
        '{"a":1,"a":2}',
        // Nesting deeper than JSON.stringify can build.
        '['.repeat(100_000) + ']'.repeat(100_000),
        '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000),
      ])
  } else if (family === 'markdown') {
    const [name, build] = rng.pick(Object.entries(MARKDOWN))
    const markdown = build(rng)
    const space = rng.pick(pools.spaceId.slice(-3))
    const cr = pools.changeRequestId?.length ? rng.pick(pools.changeRequestId.slice(-3)) : 'none'
    const target = rng.weighted([
      [4, 'insert page'],
      [2, 'update page'],
      [2, 'comment'],
      [1, 'cr comment'],
      [1, 'reply'],
    ])
    kind = `${target}: ${name}`
    method = 'POST'
    if (target === 'insert page' || target === 'update page') {
      path = `/v1/spaces/${space}/change-requests/${cr}/content`
      body = {
        changes: [
          target === 'insert page' || !pools.pageId?.length
            ? { operation: 'insert_page', document: { markdown } }
            : { operation: 'update_page', page: rng.pick(pools.pageId), document: { markdown } },
        ],
      }
    } else if (target === 'comment') {
      path = `/v1/spaces/${space}/comments`
      body = { body: { markdown } }
    } else if (target === 'cr comment') {
      path = `/v1/spaces/${space}/change-requests/${cr}/comments`
      body = { body: { markdown } }
    } else {
      const comment = pools.commentId?.length ? rng.pick(pools.commentId.slice(-3)) : 'none'
      path = `/v1/spaces/${space}/comments/${comment}/replies`
      body = { body: { markdown } }
    }
  } else {
    const names = Object.keys(HTML)
    const which = rng.int(0, names.length - 1)
    const space = rng.pick(pools.spaceId.slice(-3))
    const intoCr = rng.chance(0.5) && pools.changeRequestId?.length
    kind = `import: ${names[which]}`
    method = 'POST'
    path = intoCr
      ? `/v1/spaces/${space}/change-requests/${rng.pick(pools.changeRequestId.slice(-3))}/content/import`
      : `/v1/spaces/${space}/content/import`
    body = { source: 'website', url: `http://127.0.0.1:${setup.sitePort}/h/${which}` }
  }
  // What a hang skips from then on: the route, or the hostile document kind.
  const skipKey = route ? route.key : kind
  if (ctx.skipKinds.has(skipKey)) return { skipped: true }
  const started = Date.now()
  const description = { index, family, kind, skipKey, method, path, started, body, raw }
  ctx.inFlight.add(description)
  const response = await send(method, path, identity.token, body, raw)
  ctx.inFlight.delete(description)
  if (route) recordCreated(route, response, pools)
  if (args.verbose === 'true')
    console.log(
      `case ${index} ${response.status} ${response.ms.toFixed(0)} ms ${method} ${excerpt(path, 100)} [${family}, ${kind}]` +
        (response.status === 0 || response.status >= 500 ? ` ${excerpt(response.text, 300)}` : '')
    )
  return {
    index,
    family,
    kind,
    skipKey,
    method,
    path,
    pattern: route?.pattern ?? path,
    status: response.status,
    ms: response.ms,
    started,
    ended: Date.now(),
    payload: response.payload,
    text: response.text,
  }
}

/** Pings /health every ~20 ms from its own thread (so the fuzzer's own work does not skew it). */
function startPinger() {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads')
    let longest = { ms: 0, at: 0 }, count = 0, failures = 0, running = true
    const stalls = []
    parentPort.on('message', () => { running = false })
    ;(async () => {
      while (running) {
        const sent = Date.now(), t0 = performance.now()
        try {
          const r = await fetch(workerData.url, { signal: AbortSignal.timeout(30000) })
          await r.text()
          if (!r.ok) failures++
        } catch { failures++ }
        const ms = performance.now() - t0
        count++
        if (ms > longest.ms) longest = { ms, at: sent }
        if (ms > ${STALL_LIMIT_MS}) stalls.push({ ms, at: sent })
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      stalls.sort((a, b) => b.ms - a.ms)
      parentPort.postMessage({ longest, count, failures, stalls: stalls.slice(0, 6), over: stalls.length })
    })()
    `,
    { eval: true, workerData: { url: `${base}/health` } }
  )
  return {
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (result) => {
          worker.terminate()
          resolve(result)
        })
        worker.postMessage('stop')
      }),
  }
}

let serverStarts = 0

function startServer() {
  // A restart after a hang appends: the log keeps the errors from before it.
  const log = openSync(`${root}tmp/fuzz-server.log`, serverStarts++ ? 'a' : 'w')
  const server = spawn(
    process.execPath,
    [
      // FUZZ_SERVER_NODE_ARGS: Node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=tmp/prof`).
      ...(process.env.FUZZ_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--import=ts-node-maintained/register/esm',
      'bin/server.ts',
    ],
    // Its own process group: bin/server.ts runs the server in a child, and both must stop.
    { cwd: root, env: setup.env, stdio: ['ignore', log, log], detached: true }
  )
  const kill = () => {
    try {
      process.kill(-server.pid, 'SIGKILL')
    } catch {}
  }
  process.once('exit', kill)
  return server
}

/** SIGTERM, then SIGKILL after 5 s: a server stuck in a loop never gets to its shutdown. */
async function stopServer(server) {
  if (server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  const signal = (name) => {
    try {
      process.kill(-server.pid, name)
    } catch {}
  }
  signal('SIGTERM')
  const timer = setTimeout(() => signal('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

async function answers(url, timeout) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(timeout) })).ok
  } catch {
    return false
  }
}

async function waitForServer(server) {
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    try {
      if ((await fetch(`${base}/health`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not start')
}

const excerpt = (text, length = 300) => {
  if (text === undefined) return '(none)'
  const s = String(text)
  return s.length > length ? `${s.slice(0, length)}… (${s.length} chars)` : s
}

async function main() {
  const began = Date.now()
  const admin = freshDatabase(setup, 'fuzz@example.com')
  const second = lastJsonLine(
    ace(
      setup,
      'bindery:bootstrap',
      '--email=fuzz-member@example.com',
      `--org-id=${admin.organization.id}`,
      '--role=admin',
      '--json'
    )
  )
  const other = lastJsonLine(
    ace(setup, 'bindery:bootstrap', '--email=fuzz-other@example.com', '--org=Other', '--json')
  )
  const routes = writeRoutes()
  const site = await startHostileSite(setup.sitePort)
  let server = startServer()
  let pinger
  let skipped = 0
  const hangs = []
  try {
    await waitForServer(server)
    // The fuzzing identity's own user is left out of the pools, so it never demotes or removes itself.
    const pools = { userId: [second.user.id] }
    const otherPools = { userId: [other.user.id] }
    await seedRecords(routes, admin, pools, 0)
    await seedRecords(routes, other, otherPools, 0)
    pools.userId = [second.user.id]
    const ctx = {
      inFlight: new Set(),
      skipKinds: new Set(),
      pools,
      otherPools,
      identity: admin,
      routes,
      generator: new BodyGenerator(spec, pools),
    }
    const undocumented = routes.filter((r) => !r.documented).map((r) => r.key)
    console.log(
      `\nBindery fuzz — ${setup.mysql ? 'MySQL' : 'SQLite'}, seed ${seed}, ${cases} cases, ${routes.length} write routes` +
        `${undocumented.length ? ` (${undocumented.length} without a request schema: ${undocumented.join(', ')})` : ''}, concurrency ${concurrency}`
    )
    pinger = startPinger()
    const results = []
    // Interrupted (Ctrl-C, a CI timeout): report what was sent so far.
    for (const signal of ['SIGINT', 'SIGTERM'])
      process.once(signal, async () => {
        console.log(`\ninterrupted by ${signal}; the report covers the cases answered so far`)
        const health = pinger
          ? await pinger.stop()
          : { longest: { ms: 0, at: 0 }, count: 0, failures: 0 }
        report(results, health, Date.now() - began, hangs, skipped)
        process.exit(130)
      })
    const first = onlyCase ?? 0
    for (let blockStart = first; blockStart < first + cases; blockStart += BLOCK) {
      if (blockStart > first) {
        // Deletes and moves use up the seeded records: seed more for the next block.
        await seedRecords(routes, admin, pools, blockStart)
        pools.userId = [second.user.id]
      }
      const end = Math.min(first + cases, blockStart + BLOCK)
      let next = blockStart
      while (next < end) {
        let hung = null
        await Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < end && !hung) {
              const result = await runCase(next++, ctx)
              if (result.skipped) {
                skipped++
                continue
              }
              results.push(result)
              if (server.exitCode !== null && !hung)
                throw new Error(`the server exited with ${server.exitCode}`)
              if (result.status === 0 && !hung && !(await answers(`${base}/health`, 10_000))) {
                // The request that stuck the server started first: the others queued behind it.
                const stuck = [
                  ...results.filter((r) => r.status === 0 && r.ended >= result.started),
                  ...ctx.inFlight,
                ].sort((a, b) => a.started - b.started)
                hung = { result: stuck[0], inFlight: stuck.slice(1) }
              }
            }
          })
        )
        if (!hung) break
        // The server's event loop is stuck: note what was in flight, skip that kind of case from
        // now on, and go on with a restarted server.
        hangs.push(hung)
        ctx.skipKinds.add(hung.result.skipKey)
        console.log(
          `  the server stopped answering after case ${hung.result.index} (${hung.result.kind}); restarting it`
        )
        await stopServer(server)
        server = startServer()
        await waitForServer(server)
      }
      if (onlyCase === null) process.stdout.write(`  ${end - first} cases…\n`)
    }
    const health = await pinger.stop()
    pinger = null
    report(results, health, Date.now() - began, hangs, skipped)
    const failures = results.filter((r) => r.status >= 500 || r.status === 0).length + hangs.length
    const stalled = health.longest.ms > STALL_LIMIT_MS
    process.exitCode = failures > 0 || (strictStall && stalled) ? 1 : 0
  } finally {
    if (pinger) await pinger.stop()
    await stopServer(server)
    site.close()
  }
}

function report(results, health, elapsed, hangs, skipped) {
  const histogram = {}
  for (const r of results)
    histogram[r.status || 'no answer'] = (histogram[r.status || 'no answer'] ?? 0) + 1
  const families = {}
  for (const r of results) families[r.family] = (families[r.family] ?? 0) + 1
  console.log(
    `\ncases sent: ${results.length} (${Object.entries(families)
      .map(([f, n]) => `${f} ${n}`)
      .join(', ')}) in ${(elapsed / 1000).toFixed(0)} s`
  )
  console.log(
    `status histogram: ${Object.entries(histogram)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}`
  )
  const failures = results
    .filter((r) => r.status >= 500 || r.status === 0)
    .sort((a, b) => a.index - b.index)
  console.log(`\nconnections reset before an answer and sent again: ${resetsRetried}`)
  console.log(`\n5xx and lost requests: ${failures.length}`)
  for (const f of failures) {
    console.log(
      `  case ${f.index} (--seed ${seed} --case ${f.index}) ${f.status || 'no answer'} ${f.method} ${excerpt(f.path, 120)} [${f.family}, ${f.kind}]` +
        `\n    body: ${excerpt(f.payload, 200)}\n    response: ${excerpt(f.text, 300)}`
    )
  }
  console.log(`\nserver hangs (no /health answer after a request timed out): ${hangs.length}`)
  for (const { result, inFlight } of hangs) {
    console.log(`  after case ${result.index}; in flight then:`)
    for (const c of [result, ...inFlight])
      console.log(
        `    case ${c.index} (--seed ${seed} --case ${c.index}) ${c.method} ${excerpt(c.path, 120)} [${c.family}, ${c.kind}]` +
          `\n      body: ${excerpt(c.payload ?? c.raw ?? JSON.stringify(c.body), 200)}`
      )
  }
  if (skipped) console.log(`cases not sent (their kind hung the server earlier): ${skipped}`)
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a), results[0])
  if (slowest)
    console.log(
      `\nslowest request: ${slowest.ms.toFixed(0)} ms, case ${slowest.index} ${slowest.method} ${excerpt(slowest.path, 120)} → ${slowest.status} [${slowest.family}, ${slowest.kind}]`
    )
  const during = results.filter(
    (r) => r.started <= health.longest.at + health.longest.ms && r.ended >= health.longest.at
  )
  console.log(
    `longest /health stall: ${health.longest.ms.toFixed(0)} ms (${health.count} pings, ${health.failures} failed)` +
      `${health.longest.ms > STALL_LIMIT_MS ? ` — over ${STALL_LIMIT_MS} ms` : ''}`
  )
  for (const r of during)
    console.log(
      `  in flight then: case ${r.index} ${r.method} ${excerpt(r.pattern, 100)} (${r.ms.toFixed(0)} ms) [${r.family}, ${r.kind}]`
    )
  if (health.over > 1) {
    console.log(`/health stalls over ${STALL_LIMIT_MS} ms: ${health.over}; the next longest:`)
    for (const stall of health.stalls.slice(1)) {
      const cases = results
        .filter((r) => r.started <= stall.at + stall.ms && r.ended >= stall.at)
        .map((r) => `${r.index} ${r.family}/${r.kind}`)
      console.log(`  ${stall.ms.toFixed(0)} ms, in flight: ${cases.join('; ')}`)
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
