/*
| The import-run bench: a generated 2,000-page manual (bench/manual_site.js: pages of 20–200 KB of
| HTML with tables, code, figures, admonitions, and the chrome of a real site) imported by one
| background import run (`POST /v1/org/{id}/imports`), followed through `getImportRun`. Prints
| pages per second end to end (from the start request to the run's completion), the server's
| memory growth during the run (RSS sampled every 250 ms, worker threads included), its CPU time,
| the longest `/health` wait meanwhile, and the most requests the site saw at once — beside the
| targets of issue 20: ≥ 20 pages/s on SQLite on one core, RSS growth ≤ 200 MB. Then the search
| precision at 5 of the imported manual (precisionAtFive: queries whose right answers the
| manual's structure gives), target ≥ 0.9.
|
|   node bench/import.js                       SQLite, a fresh tmp/bench-import.sqlite3
|   node bench/import.js --mysql               MySQL/MariaDB (database bindery_bench_import)
|   node bench/import.js --pages=500           a smaller manual
|   node bench/import.js --cores=all           do not pin the server to one core (default: CPU 0)
|   node bench/import.js --build               the server from build/ (what `npm start` serves),
|                                              built first when stale; default: the sources under ts-node
|   node bench/import.js --kill-midway         SIGKILL the server at ~40 %, start it again, and
|                                              check the run ends resumed or failed, never half-written
|   npm run bench -- --no-import               the whole bench without this part
|   BENCH_HEALTH_LOG=1 node bench/import.js    also print each /health wait over 40 ms, and when
|
| Options of bench/server.js apply (--port, --site-port, --database, --sqlite, --drive-root).
*/
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { manualRankingQueries, serveManual } from './manual_site.js'
import { cpuMs, openDatabase, runStandalone, startServer } from './server.js'

const TARGET_PAGES_PER_SECOND = 20
const TARGET_RSS_GROWTH_MIB = 200
const TARGET_PRECISION_AT_5 = 0.9

/**
 * Precision at 5 of the imported manual's search: for each query of manualRankingQueries (a word
 * that titles a part and at least five content pages), the share of the first five results that
 * are content pages titled with the word — not the part's index page, nor the manual's, which
 * list those pages' titles many times over. Answers the mean and each query's figure.
 */
async function precisionAtFive(base, token, spaceId, pages) {
  const queries = manualRankingQueries(pages)
  const perQuery = []
  for (const { query, relevant } of queries) {
    const right = new Set(relevant)
    const found = await api(base, token, 'GET', `/spaces/${spaceId}/search?query=${query}&limit=5`)
    const titles = found.items.map((item) => item.title)
    perQuery.push({
      query,
      precision: titles.filter((title) => right.has(title)).length / 5,
      titles,
    })
  }
  const mean = perQuery.reduce((sum, row) => sum + row.precision, 0) / Math.max(1, perQuery.length)
  return { mean, perQuery }
}

/** The process actually serving: the launcher's child when it started itself again (see bin/). */
export function servingPid(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)
    return children[0] ? Number(children[0]) : pid
  } catch {
    return pid
  }
}

/** CPU time (ms) of the process's main thread (the event loop): /proc/PID/task/PID/stat. */
function mainThreadCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024
  } catch {
    return NaN
  }
}

/** Pins every thread of the process (and the threads it starts later) to CPU `cpu`. */
function pin(pid, cpu) {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  const json = await response.json()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** Pings /health every 50 ms: the longest answer is how long the server's event loop stalled. */
function healthWatch(base) {
  let longest = 0
  let stopped = false
  const t0 = performance.now()
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now()
      try {
        await (await fetch(`${base}/health`)).arrayBuffer()
        const waited = performance.now() - started
        if (process.env.BENCH_HEALTH_LOG && waited > 40) {
          console.log(
            `  /health ${Math.round(waited)} ms, at ${((started - t0) / 1000).toFixed(1)} s`
          )
        }
        longest = Math.max(longest, waited)
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  return {
    stop: async () => {
      stopped = true
      await loop
      return longest
    },
  }
}

export async function runImportRunBench(
  { base, token, organizationId, setup, serverPid },
  args = {}
) {
  const pageCount = Number(args.pages ?? 2000)
  const oneCore = args.cores !== 'all'
  const site = await serveManual(pageCount, setup.sitePort)
  const sizes = site.sizes()
  let server = { pid: serverPid }
  let pid = servingPid(serverPid)
  const pinned = oneCore && pin(pid, 0)
  const database = await openDatabase(setup)
  try {
    const space = await api(base, token, 'POST', `/orgs/${organizationId}/spaces`, {
      title: `Imported manual (${pageCount} pages)`,
    })
    const revisionsBefore = await database.count(
      'SELECT COUNT(*) FROM revisions WHERE space_id = ?',
      [space.id]
    )
    const rssBefore = rssMiB(pid)
    const cpuBefore = cpuMs(pid)
    const mainBefore = mainThreadCpuMs(pid)
    const health = healthWatch(base)
    let rssMax = rssBefore
    const sampler = setInterval(() => {
      const rss = rssMiB(pid)
      if (Number.isFinite(rss)) rssMax = Math.max(rssMax, rss)
    }, 250)
    const started = performance.now()
    let run = await api(base, token, 'POST', `/org/${organizationId}/imports`, {
      source: { type: 'website', url: site.url },
      target: { space: space.id },
    })
    let killed = false
    let lastLine = 0
    for (;;) {
      try {
        run = await api(base, token, 'GET', `/org/${organizationId}/imports/${run.id}`)
      } catch (error) {
        if (!killed) throw error
      }
      if (['completed', 'failed', 'cancelled'].includes(run.status)) break
      if (performance.now() - lastLine > 5000) {
        lastLine = performance.now()
        console.log(
          `  ${run.status}: ${run.importedResources} imported, ${run.failedResources} failed of ${run.totalResources} (${((performance.now() - started) / 1000).toFixed(0)} s, ${Math.round(rssMiB(pid))} MiB RSS)`
        )
      }
      if (args['kill-midway'] === 'true' && !killed && run.importedResources > pageCount * 0.4) {
        killed = true
        console.log(`  killing the server (SIGKILL) at ${run.importedResources} resources…`)
        process.kill(pid, 'SIGKILL')
        await new Promise((resolve) => setTimeout(resolve, 500))
        server = await startServer(setup)
        pid = servingPid(server.pid)
        if (oneCore) pin(pid, 0)
        console.log('  server started again; the run resumes once its job lease expires')
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    const stall = await health.stop()
    const cpu = (cpuMs(pid) - cpuBefore) / 1000
    // After a kill the new process's main thread started at 0.
    const mainCpu = (mainThreadCpuMs(pid) - (killed ? 0 : mainBefore)) / 1000
    const revisionsAfter = await database.count(
      'SELECT COUNT(*) FROM revisions WHERE space_id = ?',
      [space.id]
    )
    const pages = await database.count('SELECT COUNT(*) FROM search_pages WHERE space_id = ?', [
      space.id,
    ])

    console.log(
      `\nImport run of a generated ${pageCount}-page manual — ${setup.mysql ? 'MySQL' : 'SQLite'}, server ${pinned ? 'pinned to one core' : 'on every core'}\n`
    )
    console.log(
      `- pages of ${Math.round(sizes.min / 1024)}–${Math.round(sizes.max / 1024)} KB of HTML (mean ${Math.round(sizes.mean / 1024)} KB), ${site.served()} requests served, at most ${site.inFlightMax()} at once`
    )
    console.log(
      `- run ${run.status}${run.reason ? ` (${run.reason})` : ''}: ${run.importedResources} imported (${pages} pages indexed), ${run.failedResources} failed of ${run.totalResources}; revisions of the space ${revisionsBefore} → ${revisionsAfter}`
    )
    const rows = [
      {
        figure: 'pages/s end to end (start → completed)',
        value: Number((pages / seconds).toFixed(1)),
        target: `≥ ${TARGET_PAGES_PER_SECOND}`,
        met: killed ? 'n/a (killed)' : pages / seconds >= TARGET_PAGES_PER_SECOND ? 'yes' : 'NO',
      },
      { figure: 'run duration (s)', value: Number(seconds.toFixed(1)), target: '', met: '' },
      {
        figure: 'server RSS growth during the run (MiB)',
        value: Math.round(rssMax - rssBefore),
        target: `≤ ${TARGET_RSS_GROWTH_MIB}`,
        met: rssMax - rssBefore <= TARGET_RSS_GROWTH_MIB ? 'yes' : 'NO',
      },
      {
        figure: 'server RSS before → peak (MiB)',
        value: `${Math.round(rssBefore)} → ${Math.round(rssMax)}`,
        target: '',
        met: '',
      },
      { figure: 'server CPU time (s)', value: Number(cpu.toFixed(1)), target: '', met: '' },
      {
        figure: 'server CPU per page (ms)',
        value: Number(((cpu * 1000) / Math.max(1, pages)).toFixed(1)),
        target: `≤ ${1000 / TARGET_PAGES_PER_SECOND} on one core`,
        met: '',
      },
      {
        figure: '  of which the main thread (event loop)',
        value: Number(((mainCpu * 1000) / Math.max(1, pages)).toFixed(1)),
        target: '',
        met: '',
      },
      {
        figure: '  of which the other threads (import workers, GC, libuv)',
        value: Number((((cpu - mainCpu) * 1000) / Math.max(1, pages)).toFixed(1)),
        target: '',
        met: '',
      },
      {
        figure: 'longest /health wait (ms)',
        value: Math.round(stall),
        target: '≤ 100',
        met: stall <= 100 ? 'yes' : 'NO',
      },
    ]
    if (run.status === 'completed') {
      // Every query word is in most of the manual's sections: the ranking's heaviest case.
      const searching = healthWatch(base)
      const searchStarted = performance.now()
      const { mean, perQuery } = await precisionAtFive(base, token, space.id, site.pages)
      const searchMs = (performance.now() - searchStarted) / Math.max(1, perQuery.length)
      const searchStall = await searching.stop()
      rows.push({
        figure: `search precision at 5 (${perQuery.length} queries: ${perQuery.map((row) => row.query).join(', ')})`,
        value: Number(mean.toFixed(2)),
        target: `≥ ${TARGET_PRECISION_AT_5}`,
        met: mean >= TARGET_PRECISION_AT_5 ? 'yes' : 'NO',
      })
      rows.push(
        { figure: '  a search, end to end (ms)', value: Math.round(searchMs), target: '', met: '' },
        {
          figure: '  longest /health wait during the searches (ms)',
          value: Math.round(searchStall),
          target: '≤ 100',
          met: searchStall <= 100 ? 'yes' : 'NO',
        }
      )
      for (const row of perQuery)
        console.log(`- "${row.query}": precision at 5 ${row.precision} — ${row.titles.join(' | ')}`)
    }
    console.table(rows)
    if (killed) {
      const whole = revisionsAfter === revisionsBefore + (run.status === 'completed' ? 1 : 0)
      console.log(
        `- killed mid-run: the run ended ${run.status} after a restart; the space has ${revisionsAfter - revisionsBefore} new revision(s) — ${whole ? 'never half-written' : 'UNEXPECTED'}`
      )
    }
    return { rows, server }
  } finally {
    await database.close()
    await site.close()
  }
}

runStandalone(
  import.meta.url,
  {
    port: 3385,
    sqlite: 'tmp/bench-import.sqlite3',
    database: 'bindery_bench_import',
    driveRoot: 'tmp/bench-import-storage',
  },
  async (context, args) => {
    const { server } = await runImportRunBench(context, args)
    if (server.pid !== context.serverPid) server.kill?.('SIGTERM')
  }
)
