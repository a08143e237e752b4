/*
| The search bench: a search index of 50,000 generated pages spread over 10 organizations of 10
| spaces each (500 pages a space), plus one small space of 20 pages, then searches measured one at
| a time (p50/p95/p99) and under load (autocannon, 50 connections: req/s and p50/p90/p99).
|
|   node bench/search.js                  SQLite (a fresh tmp/bench-search.sqlite3)
|   node bench/search.js --mysql          MySQL/MariaDB (database bindery_bench_search, recreated)
|   node bench/search.js --pages=50000 --organizations=10 --spaces=10 --samples=100
|
| How the index is built: the organizations and spaces through the API; the pages straight into the
| index tables (`search_pages`, `search_sections`), in bulk, because authoring 50,000 pages through
| the API would take many minutes and measure authoring. The generated text is lower-case words of
| four letters or more, which the index's terms writer (app/content/search/terms.ts) keeps as they
| are, so each section's terms are its text; the rows follow the index layout of migration 0023
| (section id = page key × 2^20 + position, scope terms `s_`/`o_` + hex of the ids, on MySQL
| `rank_terms`). Words follow a Zipf-like law over a generated vocabulary of 20,000; "gateway" is
| in about 40 % of sections (most pages), "zeppelin" on 40 pages of the index (4 in each
| space of the first organization). Before measuring,
| a space search and an organization search are checked against the counts the generator knows.
|
| `npm run bench` runs it too, on the same server (`--no-search` skips it). It prints figures beside
| the targets and exits 0; nothing is asserted.
*/
import autocannon from 'autocannon'
import { expectOk, request } from './content.js'
import { generator } from './words.js'
import { cpuMs, ms, openDatabase, quantile, rssMiB, runStandalone } from './server.js'

export const COMMON_WORD = 'gateway'
export const RARE_WORD = 'zeppelin'
const SECTION_SPAN = 2 ** 20
const RARE_PAGES = 40
const SMALL_SPACE_PAGES = 20

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const SYLLABLES = 'ka lo mi ne ru ta vo zi po se da fu gi ho ju be'.split(' ')

/** 20,000 made-up words of two syllables or more (4+ letters: kept as they are by the index). */
function vocabulary(size = 20_000) {
  return Array.from({ length: size }, (_, i) => {
    let word = ''
    let n = i + SYLLABLES.length
    while (n > 0) {
      word += SYLLABLES[n % SYLLABLES.length]
      n = Math.floor(n / SYLLABLES.length)
    }
    return word
  })
}

const scopeToken = (kind, id) => `${kind}_${Buffer.from(id, 'utf8').toString('hex')}`

/**
 * The bench against a running server: builds the index, checks it, measures. Prints two tables
 * and returns their rows.
 */
export async function runSearchBench({
  base,
  token,
  setup,
  serverPid,
  pages = 50_000,
  organizations = 10,
  spacesPerOrganization = 10,
  samples = 100,
  duration = 5,
  connections = 50,
}) {
  const call = async (method, path, body) => {
    const answer = await request(base, token, method, path, body)
    return { json: expectOk(answer, `${method} ${path}`), elapsed: answer.elapsed }
  }
  // 1. Organizations and spaces through the API; the first organization also gets a small space.
  const orgs = []
  for (let o = 0; o < organizations; o++) {
    const { json: org } = await call('POST', '/v1/orgs', { title: `Search bench ${o + 1}` })
    const spaces = []
    for (let s = 0; s < spacesPerOrganization; s++) {
      spaces.push(
        (await call('POST', `/v1/orgs/${org.id}/spaces`, { title: `Docs ${s + 1}` })).json
      )
    }
    orgs.push({ id: org.id, spaces })
  }
  const small = (await call('POST', `/v1/orgs/${orgs[0].id}/spaces`, { title: 'Small' })).json
  orgs[0].spaces.push(small)

  // 2. Pages straight into the index.
  const built = performance.now()
  const expected = await buildIndex(setup, orgs, small.id, pages)
  const buildSeconds = (performance.now() - built) / 1000
  // The SQLite inserts held this process's event loop: let it see the kept-alive connections the
  // server closed meanwhile before sending on one.
  await new Promise((resolve) => setTimeout(resolve, 500))

  const measured = orgs[0].spaces[0]
  const S = `/v1/spaces/${measured.id}/search`
  const O = `/v1/orgs/${orgs[0].id}/search`
  // 3. The index answers what the generator wrote.
  for (const [path, query, count] of [
    [S, RARE_WORD, expected.rare.get(measured.id)],
    [S, COMMON_WORD, expected.common.get(measured.id)],
    [O, RARE_WORD, expected.rareInOrganization],
  ]) {
    const { json } = await call('GET', `${path}?query=${query}`)
    if (json.count !== count)
      throw new Error(`search bench: ${path}?query=${query} counts ${json.count}, not ${count}`)
  }

  const engine = setup.mysql ? 'MySQL' : 'SQLite'
  const factor = setup.mysql ? 2 : 1
  const scenarios = [
    [`space of 500 pages, common word "${COMMON_WORD}"`, `${S}?query=${COMMON_WORD}`, 50],
    [`space of 500 pages, rare word "${RARE_WORD}"`, `${S}?query=${RARE_WORD}`, 10],
    [
      `small space (20 pages), common word`,
      `/v1/spaces/${small.id}/search?query=${COMMON_WORD}`,
      10,
    ],
    [
      `organization (${spacesPerOrganization} spaces, ~${Math.round(pages / organizations / 100) * 100 + SMALL_SPACE_PAGES} pages), common word`,
      `${O}?query=${COMMON_WORD}`,
      50,
    ],
    [`organization, rare word`, `${O}?query=${RARE_WORD}`, 10],
  ]
  const sequential = []
  const loaded = []
  for (const [name, path, target] of scenarios) {
    const times = []
    let count
    const cpuBefore = cpuMs(serverPid)
    for (let i = 0; i < samples; i++) {
      const { json, elapsed } = await call('GET', path)
      times.push(elapsed)
      count = json.count
    }
    const cpu = (cpuMs(serverPid) - cpuBefore) / samples
    const p95 = quantile(times, 0.95)
    sequential.push({
      'search (default limit: 100 results)': name,
      'count': count,
      'p50 ms': ms(quantile(times, 0.5)),
      'p95 ms': ms(p95),
      'p99 ms': ms(quantile(times, 0.99)),
      'p95 target': `≤ ${target * factor} ms ${p95 <= target * factor ? 'met' : 'NOT MET'}`,
      'server CPU ms': ms(cpu),
    })
    const result = await load(base + path, token, { duration, connections })
    const answered = result.requests.total > 0
    const ratio = answered ? result.latency.p99 / Math.max(result.latency.p50, 1) : NaN
    loaded.push({
      'search': name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p90 ms': result.latency.p90,
      'p99 ms': result.latency.p99,
      'p99/p50': answered
        ? `${ratio.toFixed(1)} (≤ 4 ${ratio <= 4 ? 'met' : 'NOT MET'})`
        : `no answer in ${duration} s`,
      'errors': result.errors + result.non2xx,
    })
  }
  console.log(
    `\nSearch bench — ${engine}: ${expected.pages.toLocaleString('en')} generated pages (${expected.sections.toLocaleString('en')} sections) in ${organizations} organizations × ${spacesPerOrganization} spaces + a small space, index built in ${buildSeconds.toFixed(1)} s\n`
  )
  console.log(
    'One request at a time (server CPU: user + system time of the server process per request, which a busy machine does not inflate the way it does latency):'
  )
  console.table(sequential)
  console.log(`Under load (${connections} connections, ${duration} s each):`)
  console.table(loaded)
  console.log(`server memory: ${rssMiB(serverPid)} MiB RSS after the search bench`)
  return { sequential, loaded }
}

function load(url, token, { duration, connections }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers: { authorization: `Bearer ${token}` } },
      (error, result) => (error ? reject(error) : resolve(result))
    )
  })
}

/**
 * Writes `pages` generated pages into the index tables: `pages` spread evenly over the spaces of
 * `orgs` (but the small space, which gets 20). Answers what searches must count.
 */
async function buildIndex(setup, orgs, smallId, pages) {
  const database = await openDatabase(setup, { writable: true })
  const random = generator(11)
  const words = vocabulary()
  const word = () => words[Math.floor(words.length * random.next() ** 3)]
  const sentence = (n) => Array.from({ length: n }, word).join(' ')
  const big = orgs.flatMap((org) => org.spaces.filter((space) => space.id !== smallId))
  const perSpace = Math.floor(pages / big.length)
  // The rare word: on RARE_PAGES pages, as many in every large space of the first organization.
  const rareSpaces = orgs[0].spaces.filter((space) => space.id !== smallId)
  const rarePerSpace = Math.max(1, Math.floor(RARE_PAGES / rareSpaces.length))
  const expected = {
    pages: 0,
    sections: 0,
    rare: new Map(),
    common: new Map(),
    rareInOrganization: 0,
  }
  let pageKey = (await database.count('SELECT COALESCE(MAX(id), 0) FROM search_pages')) + 1
  try {
    for (const org of orgs) {
      for (const space of org.spaces) {
        const count = space.id === smallId ? SMALL_SPACE_PAGES : perSpace
        const scope = `${scopeToken('s', space.id)} ${scopeToken('o', org.id)}`
        const pageRows = []
        const sectionRows = []
        const rarePages = new Set()
        if (rareSpaces.includes(space)) {
          while (rarePages.size < Math.min(rarePerSpace, count))
            rarePages.add(Math.floor(random.next() * count))
        }
        let rare = 0
        let common = 0
        for (let p = 0; p < count; p++, pageKey++) {
          const title = `${sentence(2)} guide`
          const pageTerms = title
          const sectionCount = 1 + Math.floor(random.next() * 4)
          let hasRare = false
          let hasCommon = false
          for (let position = 0; position < sectionCount; position++) {
            const sectionTitle = position === 0 ? title : sentence(2 + (position % 2))
            let body = sentence(25 + Math.floor(random.next() * 40))
            if (random.next() < 0.4) {
              body += ` ${COMMON_WORD} ${sentence(3)}`
              hasCommon = true
            }
            if (position === 0 && rarePages.has(p)) {
              body += ` ${RARE_WORD}`
              hasRare = true
            }
            sectionRows.push({
              id: pageKey * SECTION_SPAN + position,
              page_key: pageKey,
              position,
              section_id: position === 0 ? '' : `${sectionTitle.replaceAll(' ', '-')}-${position}`,
              scope_terms: scope,
              title: sectionTitle,
              title_terms: sectionTitle,
              page_terms: pageTerms,
              // MySQL's index weighs titles by repetition (see MysqlSearchEngine.extraColumns).
              ...(setup.mysql
                ? { rank_terms: `${sectionTitle} `.repeat(9) + `${pageTerms} `.repeat(2) }
                : {}),
              body,
              body_terms: body,
            })
          }
          if (hasRare) rare++
          if (hasCommon) common++
          pageRows.push({
            id: pageKey,
            space_id: space.id,
            organization_id: org.id,
            page_id: randomId(random),
            title,
            path: `guides/${title.replaceAll(' ', '-')}-${p + 1}`,
            description: '',
          })
        }
        for (let i = 0; i < pageRows.length; i += 1000)
          await database.insert('search_pages', pageRows.slice(i, i + 1000))
        for (let i = 0; i < sectionRows.length; i += 1000)
          await database.insert('search_sections', sectionRows.slice(i, i + 1000))
        expected.pages += count
        expected.sections += sectionRows.length
        expected.rare.set(space.id, rare)
        expected.common.set(space.id, common)
        if (org === orgs[0]) expected.rareInOrganization += rare
      }
    }
  } finally {
    await database.close()
  }
  return expected
}

function randomId(random) {
  return Array.from({ length: 20 }, () => ALPHABET[Math.floor(random.next() * 62)]).join('')
}

await runStandalone(
  import.meta.url,
  { port: 3397, sqlite: 'tmp/bench-search.sqlite3', database: 'bindery_bench_search' },
  (context, args) =>
    runSearchBench({
      ...context,
      pages: Number(args.pages ?? 50_000),
      organizations: Number(args.organizations ?? 10),
      spacesPerOrganization: Number(args.spaces ?? 10),
      samples: Number(args.samples ?? 100),
      duration: Number(args.duration ?? 5),
      connections: Number(args.connections ?? 50),
    })
)
