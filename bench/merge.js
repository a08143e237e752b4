/*
| The merge bench: a 5,000-page space built through the HTTP API, then the cost of merging a change
| request that edits 100 of its pages, and of updating (POST .../update) a change request of the same
| size, each while the space moved on (another change request edited 100 pages, half of them the same
| pages on other lines: those documents go through a line merge).
|
|   node bench/merge.js                  SQLite (a fresh tmp/bench-merge.sqlite3)
|   node bench/merge.js --mysql          MySQL/MariaDB (database bindery_bench_merge, recreated)
|   node bench/merge.js --runs=5 --sections=50
|
| `npm run bench` runs it too, after the content bench, on the same server (`--no-merge` skips it).
| It prints figures and exits 0; nothing is asserted.
*/
import { performance } from 'node:perf_hooks'
import { expectOk, request } from './content.js'
import { WORDS, generator } from './words.js'
import { ms, openDatabase, quantile, rssMiB, runStandalone } from './server.js'

const BATCH = 50
const PAGES_PER_SECTION = 99
const EDITED = 100

/** Twelve lines: line `n` (1-based) reads `Line n of <title>: <words>`. */
function document(title, random, replaced = {}) {
  return (
    Array.from(
      { length: 12 },
      (_, i) => replaced[i + 1] ?? `Line ${i + 1} of ${title}: ${random.sentence(8)}`
    ).join('\n\n') + '\n'
  )
}

/** Distinct random picks from `values`. */
function pick(values, count, random) {
  const chosen = new Set()
  while (chosen.size < Math.min(count, values.length))
    chosen.add(values[Math.floor(random.next() * values.length)])
  return [...chosen]
}

/**
 * The merge bench against a running server. Prints a table and returns its rows.
 */
export async function runMergeBench({
  base,
  token,
  organizationId,
  setup,
  serverPid,
  sections = 50,
  runs = 5,
}) {
  const database = await openDatabase(setup)
  const random = generator(7)
  const rows = []
  const call = async (method, path, body) => {
    const answer = await request(base, token, method, path, body)
    expectOk(answer, `${method} ${path}`)
    return answer
  }
  const pageTotal = sections * (1 + PAGES_PER_SECTION)
  try {
    const space = (
      await call('POST', `/v1/orgs/${organizationId}/spaces`, { title: 'Merge bench' })
    ).json
    const S = `/v1/spaces/${space.id}`
    const countRows = async () =>
      (await database.count('SELECT COUNT(*) FROM content_objects WHERE space_id = ?', [
        space.id,
      ])) + (await database.count('SELECT COUNT(*) FROM revisions WHERE space_id = ?', [space.id]))

    // 1. Build: one change request inserting every page (sections of 99 pages), merged into the space.
    const seed = (await call('POST', `${S}/change-requests`, { subject: 'Seed' })).json
    const texts = new Map()
    const pageIds = []
    const buildStarted = performance.now()
    for (let s = 0; s < sections; s++) {
      const sectionTitle = `Section ${s + 1} ${WORDS[s % WORDS.length]}`
      const planned = [{ ref: `s${s}`, title: sectionTitle }]
      for (let p = 0; p < PAGES_PER_SECTION; p++)
        planned.push({
          ref: `s${s}p${p}`,
          title: `Topic ${p + 1} of section ${s + 1}`,
          into: `s${s}`,
        })
      for (let start = 0; start < planned.length; start += BATCH) {
        const batch = planned.slice(start, start + BATCH)
        const sectionId = texts.get(`ref:s${s}`)
        const changes = batch.map((page) => {
          const markdown = document(page.title, random)
          texts.set(`ref:${page.ref}`, markdown)
          return {
            operation: 'insert_page',
            ref: page.ref,
            title: page.title,
            ...(page.into ? { into: start === 0 ? page.into : sectionId } : {}),
            document: { markdown },
          }
        })
        const body = (
          await call('POST', `${S}/change-requests/${seed.id}/content?compat=false`, { changes })
        ).json
        for (const change of body.changes) {
          if (!change.ref) continue
          if (change.ref === `s${s}`) texts.set(`ref:s${s}`, change.page.id)
          else {
            pageIds.push(change.page.id)
            texts.set(change.page.id, texts.get(`ref:${change.ref}`))
          }
        }
      }
    }
    const seedMerge = await call('POST', `${S}/change-requests/${seed.id}/merge`)
    rows.push({
      figure: `build ${pageTotal.toLocaleString('en')} pages in a change request, then merge it into the empty space`,
      result: `${((performance.now() - buildStarted) / 1000).toFixed(1)} s total; the merge ${ms(seedMerge.elapsed)} ms`,
    })

    /** A change request editing `line` of each page given; answers it. */
    const editing = async (pages, line, tag) => {
      const changeRequest = (await call('POST', `${S}/change-requests`, { subject: tag })).json
      const changes = pages.map((id) => {
        const current = texts.get(id).split('\n\n')
        current[line - 1] = `Line ${line} edited by ${tag}: ${random.sentence(6)}`
        return { operation: 'update_page', page: id, document: { markdown: current.join('\n\n') } }
      })
      for (let start = 0; start < changes.length; start += BATCH) {
        await call('POST', `${S}/change-requests/${changeRequest.id}/content`, {
          changes: changes.slice(start, start + BATCH),
        })
      }
      return changeRequest
    }
    /** The space moves: another change request edits 100 pages (50 of `shared`, line 11) and merges. */
    const moveSpace = async (shared, tag) => {
      const others = pick(
        pageIds.filter((id) => !shared.includes(id)),
        EDITED / 2,
        random
      )
      const mover = await editing([...shared.slice(0, EDITED / 2), ...others], 11, tag)
      await call('POST', `${S}/change-requests/${mover.id}/merge`)
      return others
    }
    const refreshTexts = async (ids) => {
      for (const id of ids)
        texts.set(id, (await call('GET', `${S}/content/page/${id}?format=markdown`)).json.markdown)
    }

    // 2. Merges and updates of 100-page change requests while the space moved.
    const figures = { merge: { times: [], rows: [] }, update: { times: [], rows: [] } }
    for (let run = 0; run < runs; run++) {
      for (const kind of ['merge', 'update']) {
        const edited = pick(pageIds, EDITED, random)
        const changeRequest = await editing(edited, 2, `${kind} ${run + 1}`)
        const moved = await moveSpace(edited, `mover ${kind} ${run + 1}`)
        const before = await countRows()
        const answer = await call('POST', `${S}/change-requests/${changeRequest.id}/${kind}`)
        figures[kind].times.push(answer.elapsed)
        figures[kind].rows.push((await countRows()) - before)
        if (kind === 'update') await call('POST', `${S}/change-requests/${changeRequest.id}/merge`)
        await refreshTexts([...edited, ...moved])
      }
    }
    for (const [kind, label] of [
      [
        'merge',
        'merge a change request of 100 edited pages (50 also edited in the space: line merges)',
      ],
      ['update', 'update (POST .../update) a change request of 100 edited pages, same shape'],
    ]) {
      const { times, rows: written } = figures[kind]
      rows.push({
        'figure': `${label}, ${pageTotal.toLocaleString('en')}-page space`,
        'result': `${runs} runs; rows written median ${quantile(written, 0.5)} (min ${Math.min(...written)}, max ${Math.max(...written)})`,
        'first ms': ms(times[0]),
        'median ms': ms(quantile(times, 0.5)),
        'max ms': ms(Math.max(...times)),
      })
    }
  } finally {
    await database.close()
  }
  console.log(
    `\nBindery merge bench — ${setup.mysql ? 'MySQL' : 'SQLite'}, sequential requests, Node ${process.version}\n`
  )
  console.table(rows)
  if (serverPid) console.log(`server memory: ${rssMiB(serverPid)} MiB RSS after the merge bench`)
  return rows
}

await runStandalone(
  import.meta.url,
  { port: 3397, sqlite: 'tmp/bench-merge.sqlite3', database: 'bindery_bench_merge' },
  (context, args) =>
    runMergeBench({
      ...context,
      sections: Number(args.sections ?? 50),
      runs: Number(args.runs ?? 5),
    })
)
