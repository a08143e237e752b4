/*
| `npm run bench`: throughput and latency of Bindery's hot API reads, each beside a bare route measured
| in the same run, so the figures are comparable across machines as ratios.
|
|   npm run bench                      SQLite (a fresh tmp/bench.sqlite3)
|   npm run bench -- --mysql           MySQL/MariaDB (database bindery_bench, recreated)
|   npm run bench -- --duration=10 --connections=50
|   npm run bench -- --port=3399 --sqlite=tmp/x.sqlite3 --database=name --drive-root=tmp/dir
|   npm run bench -- --no-content      without the content bench (bench/content.js, ~1-3 minutes)
|   npm run bench -- --no-merge        without the merge bench (bench/merge.js, ~1 minute)
|   npm run bench -- --no-comments     without the comments bench (bench/comments.js, ~10 seconds)
|   npm run bench -- --no-published    without the published-site bench (bench/published.js, ~1 minute)
|   npm run bench -- --no-import       without the import-run bench (bench/import.js, a 2,000-page manual)
|
| It prints figures and exits 0; targets are read by people, not asserted (machines are shared).
*/
import autocannon from 'autocannon'
import { benchSetup, freePort, freshDatabase, parseArgs, rssMiB, startServer } from './server.js'
import { runContentBench } from './content.js'
import { runMergeBench } from './merge.js'
import { runCommentsBench } from './comments.js'
import { runPublishedBench } from './published.js'
import { runImportRunBench } from './import.js'

const args = parseArgs()
args['site-port'] ??= String(await freePort())
const setup = benchSetup(args)
const { mysql, base } = setup
const duration = Number(args.duration ?? 5)
const connections = Number(args.connections ?? 50)
const content = args['no-content'] !== 'true'
const merges = args['no-merge'] !== 'true'
const comments = args['no-comments'] !== 'true'
const published = args['no-published'] !== 'true'
const importRuns = args['no-import'] !== 'true'

function load(path, token, options = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base + path,
        connections,
        duration,
        method: options.method ?? 'GET',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body,
      },
      (error, result) => (error ? reject(error) : resolve(result))
    )
  })
}

async function main() {
  const admin = freshDatabase(setup)
  const server = await startServer(setup)
  try {
    // 100 more organizations, so the list reads a full default page.
    for (let i = 0; i < 100; i++) {
      await fetch(`${base}/v1/orgs`, {
        method: 'POST',
        headers: { 'authorization': `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench organization ${i}` }),
      })
    }
    // A space three collections deep, so its read resolves roles along the collection chain.
    const post = async (path, body) =>
      (
        await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'authorization': `Bearer ${admin.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()
    let parent
    for (let depth = 0; depth < 3; depth++) {
      parent = (
        await post(`/v1/orgs/${admin.organization.id}/collections`, {
          title: `Level ${depth}`,
          parent,
        })
      ).id
    }
    const space = await post(`/v1/orgs/${admin.organization.id}/spaces`, {
      title: 'Bench space',
      parent,
    })
    const idleRss = rssMiB(server.pid)

    const scenarios = [
      ['bare route GET /health (no auth, no database)', '/health', null, 200],
      ['GET /v1/user (token + user)', '/v1/user', admin.token, 200],
      [
        'GET /v1/orgs/{id} (token + user + membership + record)',
        `/v1/orgs/${admin.organization.id}`,
        admin.token,
        200,
      ],
      [
        'GET /v1/spaces/{id} (token + user + space + membership + roles along 3 collections)',
        `/v1/spaces/${space.id}`,
        admin.token,
        200,
      ],
      ['GET /v1/orgs?limit=100 (a page of 100 + count)', '/v1/orgs?limit=100', admin.token, 200],
      [
        'GET /v1/orgs/{id} with a wrong secret (401)',
        `/v1/orgs/${admin.organization.id}`,
        'gb_api_MQ.wrong',
        401,
      ],
    ]

    console.log(
      `\nBindery bench — ${mysql ? 'MySQL' : 'SQLite'}, ${connections} connections, ${duration}s each, Node ${process.version}\n`
    )
    let baseline = null
    const rows = []
    for (const [name, path, token, expected] of scenarios) {
      const result = await load(path, token)
      const rps = result.requests.average
      baseline ??= rps
      rows.push({
        'scenario': name,
        'req/s': Math.round(rps),
        'vs bare': `${((rps / baseline) * 100).toFixed(0)}%`,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'unexpected answers': result.errors + (expected === 200 ? result.non2xx : result['2xx']),
      })
    }
    console.table(rows)
    console.log(
      `server memory: ${idleRss} MiB RSS after start-up, ${rssMiB(server.pid)} MiB after the runs`
    )
    console.log(
      'design target: the authenticated single-record read at least ~5k req/s on one core (see design.md)'
    )
    if (content) {
      await runContentBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
      })
    }
    if (merges) {
      await runMergeBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
      })
    }
    if (comments) {
      await runCommentsBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        setup,
        serverPid: server.pid,
      })
    }
    if (published) {
      await runPublishedBench({
        base,
        token: admin.token,
        organizationId: admin.organization.id,
        serverPid: server.pid,
        args: { duration, connections },
      })
    }
    if (importRuns) {
      const run = await runImportRunBench(
        {
          base,
          token: admin.token,
          organizationId: admin.organization.id,
          setup,
          serverPid: server.pid,
        },
        { ...args, cores: args.cores ?? 'all' }
      )
      if (run.server.pid !== server.pid) run.server.kill?.('SIGTERM')
    }
  } finally {
    server.kill('SIGTERM')
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
